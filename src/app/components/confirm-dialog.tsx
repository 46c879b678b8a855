import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The spec's wording, e.g. "Are you sure you want to delete this vehicle? This action cannot be undone." */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** danger for deletions and discards. */
  tone?: 'primary' | 'danger';
  /** Disables the buttons while the confirmed action runs. */
  busy?: boolean;
  /** A third way out, between Cancel and the confirm button (e.g. "Log out once sent"). */
  alternative?: { label: string; onSelect: () => void };
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal `<dialog>`: the browser traps focus, Escape cancels and the page behind is inert.
 * Cancel takes the initial focus, so Enter never confirms a destructive action by accident.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'primary',
  busy = false,
  alternative,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      <div id={messageId} className="confirm-dialog__message">
        {message}
      </div>
      <div className="confirm-dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel}
        </Button>
        {alternative ? (
          <Button variant="secondary" onClick={alternative.onSelect} disabled={busy}>
            {alternative.label}
          </Button>
        ) : null}
        <Button variant={tone} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

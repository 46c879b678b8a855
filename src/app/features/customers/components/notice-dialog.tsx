import { useEffect, useId, useRef, type ReactNode } from 'react';

interface NoticeDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The dialog's buttons or links; the first takes the focus. */
  actions: ReactNode;
  /** Escape or the browser closing it. */
  onClose: () => void;
}

/** A modal `<dialog>` that tells something and offers ways on ("Customer Added!", "No changes detected."). */
export function NoticeDialog({ open, title, children, actions, onClose }: NoticeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

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
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      <div id={bodyId} className="confirm-dialog__message">
        {children}
      </div>
      <div className="confirm-dialog__actions">{actions}</div>
    </dialog>
  );
}

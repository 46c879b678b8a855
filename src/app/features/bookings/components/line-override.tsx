import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { QuoteLine } from '#domain/rate-plan';
import type { LineOverrideInput } from '#domain/line-overrides';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { checkOverride, draftOf, REASON_MAX, type OverrideDraft } from '../line-overrides.ts';

interface LineOverrideProps {
  line: QuoteLine;
  /** Staff's override of this line, if any. */
  override: LineOverrideInput | undefined;
  /** Why overrides cannot be made now (no price list to re-work the tax with); null when they can. */
  unavailable: string | null;
  onApply: (override: LineOverrideInput) => void;
  onUndo: () => void;
}

/**
 * A quote line's Override control (issue 21): a button that reveals the new amount and a required
 * reason, checked beside each field; an overridden line offers "Change override" and "Undo
 * override". Enter in a field applies the override, never the booking form around it.
 */
export function LineOverride({ line, override, unavailable, onApply, onUndo }: LineOverrideProps) {
  const [draft, setDraft] = useState<OverrideDraft | null>(null);
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const amountRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLInputElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Closing the editor, or undoing the override, leaves the focus on the line's button (not the page).
  useEffect(() => {
    if (draft !== null) return;
    if (returnFocus.current) openRef.current?.focus();
    returnFocus.current = false;
  }, [draft, override]);

  const open = () => {
    setErrors({});
    setDraft(override ? draftOf(override, override.reason) : draftOf(line));
    requestAnimationFrame(() => amountRef.current?.focus());
  };
  const close = () => {
    returnFocus.current = true;
    setDraft(null);
  };
  const apply = () => {
    if (!draft) return;
    const checked = checkOverride(line, draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      (checked.errors.amount ? amountRef : reasonRef).current?.focus();
      return;
    }
    onApply(checked.override);
    close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  if (draft) {
    return (
      <div className="line-override" role="group" aria-label={`Override ${line.label}`}>
        <TextField
          ref={amountRef}
          label="New amount"
          inputMode="decimal"
          autoComplete="off"
          value={draft.amount}
          error={errors.amount}
          hint={line.kind === 'discount' || line.kind === 'tier' ? 'A reduction is negative, e.g. -10.00.' : undefined}
          onChange={(event) => setDraft({ ...draft, amount: event.target.value })}
          onKeyDown={onKeyDown}
        />
        <TextField
          ref={reasonRef}
          label="Reason"
          autoComplete="off"
          maxLength={REASON_MAX}
          value={draft.reason}
          error={errors.reason}
          hint="Kept on the booking."
          onChange={(event) => setDraft({ ...draft, reason: event.target.value })}
          onKeyDown={onKeyDown}
        />
        <div className="line-override__actions">
          <Button size="sm" onClick={apply}>
            Apply override
          </Button>
          <Button size="sm" variant="secondary" onClick={close}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }
  if (override) {
    return (
      <div className="line-override__actions">
        <Button
          ref={openRef}
          size="sm"
          variant="secondary"
          aria-label={`Change override of ${line.label}`}
          onClick={open}
        >
          Change override
        </Button>
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Undo override of ${line.label}`}
          onClick={() => {
            returnFocus.current = true;
            onUndo();
          }}
        >
          Undo override
        </Button>
      </div>
    );
  }
  return (
    <Button
      ref={openRef}
      size="sm"
      variant="secondary"
      aria-label={`Override ${line.label}`}
      disabled={unavailable !== null}
      title={unavailable ?? undefined}
      onClick={open}
    >
      Override
    </Button>
  );
}

import { useEffect, useRef, type ReactNode } from 'react';

interface RefusalProps {
  /** The sentence to say; nothing is shown while null or empty. */
  message: string | null | undefined;
  /** A way forward offered with the refusal (Retire instead of Delete, Change dates…). */
  action?: ReactNode;
  className?: string;
  /** For a control's aria-describedby. */
  id?: string;
  /** What makes it move focus again when it changes (the failed call's error); the message by default. */
  focusKey?: unknown;
  /** False when a field the refusal names has the focus already (its message under it): said, not focused. */
  takeFocus?: boolean;
}

/**
 * A refusal said next to the control that caused it (a Delete, an Accept, a form's submit):
 * announced at once (role="alert"), and focused and scrolled into view when it appears, so a
 * person on a long form or a phone sees it where they pressed, not at the top of the page.
 * Put it just before the button or inside the form's actions row (it takes a whole line there).
 */
export function Refusal({ message, action, className, id, focusKey, takeFocus = true }: RefusalProps) {
  const ref = useFocusWhenShown<HTMLDivElement>(message && takeFocus ? (focusKey ?? message) : null);
  if (!message) return null;
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={-1}
      role="alert"
      className={['status-message', 'status-message--error', 'refusal', className].filter(Boolean).join(' ')}
    >
      <span className="status-message__text">{message}</span>
      {action ? <span className="status-message__action">{action}</span> : null}
    </div>
  );
}

/**
 * Moves focus to the element each time `shown` changes to a new non-null value, scrolling it
 * into view: the next Tab continues from there, and a screen reader reads it.
 */
export function useFocusWhenShown<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown === null || shown === undefined || shown === false) return;
    // After the frame: a closing <dialog> hands focus back to its opener first, and this must win.
    const frame = requestAnimationFrame(() => {
      const element = ref.current;
      if (!element) return;
      element.focus({ preventScroll: true });
      // Centred: the control it speaks of (just below or beside it) comes into view with it.
      element.scrollIntoView({ block: 'center', behavior: 'auto' });
    });
    return () => cancelAnimationFrame(frame);
  }, [shown]);
  return ref;
}

/**
 * For forms kept in state (not react-hook-form): each time a submit sets `errors` (a new,
 * non-empty object), focus moves to the first control marked aria-invalid in the form, whose
 * message is under it. Messages said while typing live elsewhere, so focus never jumps then.
 */
export function useFocusFirstInvalid<T extends HTMLElement>(errors: Record<string, unknown>) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const frame = requestAnimationFrame(() => {
      const control = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      control?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [errors]);
  return ref;
}

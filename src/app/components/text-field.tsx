import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldFrameProps {
  label: string;
  /** The field's message from the form's schema or the server. */
  error?: string;
  hint?: ReactNode;
  id?: string;
  className?: string;
  /** Renders the control with the ids and ARIA attributes that tie it to its label, hint and error. */
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** Label, control, hint and error, tied together for screen readers. The one frame of every form field. */
function FieldFrame({ label, error, hint, id, className, children }: FieldFrameProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {children({ id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface CommonProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

interface TextFieldProps extends CommonProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint and error are tied to it for screen readers; takes react-hook-form's `register()`. */
export function TextField({ label, error, hint, id, className, ref, ...props }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <input ref={ref} className="field__input" {...control} {...props} />}
    </FieldFrame>
  );
}

interface SelectFieldProps extends CommonProps, SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled `<select>`; its `<option>`s are the children. */
export function SelectField({ label, error, hint, id, className, ref, children, ...props }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <select ref={ref} className="field__input field__select" {...control} {...props}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends CommonProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text box. */
export function TextAreaField({ label, error, hint, id, className, ref, rows = 4, ...props }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <textarea ref={ref} rows={rows} className="field__input field__textarea" {...control} {...props} />}
    </FieldFrame>
  );
}

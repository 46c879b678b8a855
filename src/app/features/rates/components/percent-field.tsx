import { useState, type Ref } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { TextField } from '../../../components/text-field.tsx';
import { basisPointsToPercent, percentMessage, percentToBasisPoints } from '../percent.ts';

interface PercentFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** A field the schema reads in basis points. */
  name: Path<T>;
  label: string;
  hint?: string;
}

/**
 * A share typed as a percentage ("10", "-10") and kept in the form as basis points (1000), which
 * the shared schema checks and the API takes; its messages are said in percent.
 */
export function PercentField<T extends FieldValues>({ control, name, label, hint }: PercentFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <PercentInput
          label={label}
          hint={hint}
          name={field.name}
          initial={field.value}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={field.onChange}
          error={percentMessage(fieldState.error?.message, label)}
        />
      )}
    />
  );
}

function PercentInput({
  label,
  hint,
  name,
  initial,
  inputRef,
  onBlur,
  onChange,
  error,
}: {
  label: string;
  hint: string | undefined;
  name: string;
  initial: unknown;
  inputRef: Ref<HTMLInputElement>;
  onBlur: () => void;
  onChange: (basisPoints: number | string | null) => void;
  error: string | undefined;
}) {
  // What was typed, as typed ("12.50"); the form keeps its basis points.
  const [text, setText] = useState(() => basisPointsToPercent(initial));
  return (
    <TextField
      ref={inputRef}
      name={name}
      label={label}
      hint={hint}
      inputMode="decimal"
      value={text}
      error={error}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(percentToBasisPoints(event.target.value));
      }}
    />
  );
}

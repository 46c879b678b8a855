import { memo } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/text-field.tsx';

interface DriverAgeFieldProps {
  /** `register('driver_age')` of the form. */
  field: UseFormRegisterReturn;
  /** The age under which the agency charges its young-driver fee. */
  underAge: number;
  error?: string | undefined;
}

/**
 * The driver's age on a request form, asked when the agency charges young drivers. Memoised: given
 * the same registration, a change elsewhere in the form does not re-render it.
 */
export const DriverAgeField = memo(function DriverAgeField({ field, underAge, error }: DriverAgeFieldProps) {
  return (
    <TextField
      label="Driver's age"
      type="number"
      inputMode="numeric"
      min={16}
      max={120}
      hint={`Drivers under ${underAge} pay a young-driver fee.`}
      error={error}
      {...field}
    />
  );
});

import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/text-field.tsx';

export type LicenseHolderField = 'date_of_birth' | 'license_expiry';

interface LicenseHolderFieldsProps {
  /** The form's `register(name)` and the field's message, for each of the two dates. */
  field: (name: LicenseHolderField) => UseFormRegisterReturn<LicenseHolderField> & { error: string | undefined };
}

/**
 * The dates asked for with a license (issue 21): the date of birth (the young-driver fee and the
 * minimum age read it) and the license's expiry (a rental may not end after it). Both optional.
 */
export function LicenseHolderFields({ field }: LicenseHolderFieldsProps) {
  return (
    <div className="form__row">
      <TextField label="Date of birth" type="date" hint="Optional" autoComplete="bday" {...field('date_of_birth')} />
      <TextField label="License expiry" type="date" hint="Optional" autoComplete="off" {...field('license_expiry')} />
    </div>
  );
}

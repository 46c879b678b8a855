import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/text-field.tsx';

export type LicenseHolderField = 'date_of_birth' | 'license_number' | 'license_expiry';

interface LicenseHolderFieldsProps {
  /** The form's `register(name)` and the field's message, for each of the three fields. */
  field: (name: LicenseHolderField) => UseFormRegisterReturn<LicenseHolderField> & { error: string | undefined };
}

/**
 * What is asked with a license: the date of birth (issue 21: the young-driver fee and the minimum
 * age read it), the license's number (issue 22: the rental agreement names it) and its expiry (a
 * rental may not end after it). All optional.
 */
export function LicenseHolderFields({ field }: LicenseHolderFieldsProps) {
  return (
    <div className="form__row form__row--top">
      <TextField label="Date of birth" type="date" hint="Optional" autoComplete="bday" {...field('date_of_birth')} />
      <TextField
        label="License number"
        hint="Optional"
        autoComplete="off"
        spellCheck={false}
        {...field('license_number')}
      />
      <TextField label="License expiry" type="date" hint="Optional" autoComplete="off" {...field('license_expiry')} />
    </div>
  );
}

import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '../../../components/text-field.tsx';
import type { ProfileFormInput } from '../profile-values.ts';

interface KinFieldsProps {
  number: 1 | 2;
  register: UseFormRegister<ProfileFormInput>;
  errors: FieldErrors<ProfileFormInput>;
}

/** One next of kin: four optional fields, named within their group ("Next of kin 1 › First name"). */
export function KinFields({ number, register, errors }: KinFieldsProps) {
  const prefix = `next_of_kin${number}` as const;
  return (
    <fieldset className="form__section">
      <legend className="form__section-title">
        Next of kin {number} <span className="settings-legend__hint">(optional)</span>
      </legend>
      <div className="form__row">
        <TextField
          label="First name"
          autoComplete="off"
          error={errors[`${prefix}_first_name`]?.message}
          {...register(`${prefix}_first_name`)}
        />
        <TextField
          label="Last name"
          autoComplete="off"
          error={errors[`${prefix}_last_name`]?.message}
          {...register(`${prefix}_last_name`)}
        />
      </div>
      <div className="form__row">
        <TextField
          label="ID number"
          autoComplete="off"
          error={errors[`${prefix}_id_number`]?.message}
          {...register(`${prefix}_id_number`)}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="off"
          error={errors[`${prefix}_phone`]?.message}
          {...register(`${prefix}_phone`)}
        />
      </div>
    </fieldset>
  );
}

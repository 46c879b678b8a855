import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/text-field.tsx';

export type KinField = `next_of_kin${1 | 2}_${'first_name' | 'last_name' | 'id_number' | 'phone'}`;

interface KinFieldsProps {
  number: 1 | 2;
  /** The form's `register(name)` and the field's message, for each kin field. */
  field: (name: KinField) => UseFormRegisterReturn<KinField> & { error: string | undefined };
  /** The "(optional)" hint after the legend. */
  hintClassName?: string;
}

/** One next of kin: four optional fields, named within their group ("Next of kin 1 › First name"). */
export function KinFields({ number, field, hintClassName = 'kin-legend__hint' }: KinFieldsProps) {
  const prefix = `next_of_kin${number}` as const;
  return (
    <fieldset className="form__section">
      <legend className="form__section-title">
        Next of kin {number} <span className={hintClassName}>(optional)</span>
      </legend>
      <div className="form__row">
        <TextField label="First name" autoComplete="off" {...field(`${prefix}_first_name`)} />
        <TextField label="Last name" autoComplete="off" {...field(`${prefix}_last_name`)} />
      </div>
      <div className="form__row">
        <TextField label="ID number" autoComplete="off" {...field(`${prefix}_id_number`)} />
        <TextField label="Phone" type="tel" autoComplete="off" {...field(`${prefix}_phone`)} />
      </div>
    </fieldset>
  );
}

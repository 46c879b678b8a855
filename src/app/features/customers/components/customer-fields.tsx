import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { CUSTOMER_TITLES } from '#domain/constants';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import type { CustomerFormInput } from '../customer-values.ts';
import { KinFields, type KinField } from './kin-fields.tsx';

interface CustomerFieldsProps {
  register: UseFormRegister<CustomerFormInput>;
  errors: FieldErrors<CustomerFormInput>;
}

const TITLE_LABELS: Record<(typeof CUSTOMER_TITLES)[number], string> = {
  MR: 'Mr',
  MRS: 'Mrs',
  MS: 'Ms',
  MISS: 'Miss',
  DR: 'Dr',
};

/** The SPEC §3 customer fields shared by the add and edit forms: person, address, two next of kin. */
export function CustomerFields({ register, errors }: CustomerFieldsProps) {
  const kinField = (name: KinField) => ({ ...register(name), error: errors[name]?.message });
  return (
    <>
      <fieldset className="form__section">
        <legend className="form__section-title">Personal details</legend>
        <div className="form__row">
          <SelectField label="Title" error={errors.title?.message} {...register('title')}>
            {CUSTOMER_TITLES.map((title) => (
              <option key={title} value={title}>
                {TITLE_LABELS[title]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="First name"
            autoComplete="off"
            error={errors.first_name?.message}
            {...register('first_name')}
          />
          <TextField
            label="Last name"
            autoComplete="off"
            error={errors.last_name?.message}
            {...register('last_name')}
          />
        </div>
        <div className="form__row">
          <TextField
            label="Phone number"
            type="tel"
            autoComplete="off"
            error={errors.phone_number?.message}
            {...register('phone_number')}
          />
          <TextField
            label="E-mail"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="National ID"
            autoComplete="off"
            error={errors.national_id?.message}
            {...register('national_id')}
          />
        </div>
      </fieldset>
      <fieldset className="form__section">
        <legend className="form__section-title">Address</legend>
        <div className="form__row">
          <TextField
            label="Street address"
            autoComplete="off"
            error={errors.street_address?.message}
            {...register('street_address')}
          />
          <TextField
            label="Address line 2"
            hint="Optional"
            autoComplete="off"
            error={errors.address_line2?.message}
            {...register('address_line2')}
          />
        </div>
        <div className="form__row">
          <TextField label="City" autoComplete="off" error={errors.city?.message} {...register('city')} />
          <TextField label="Country" autoComplete="off" error={errors.country?.message} {...register('country')} />
        </div>
      </fieldset>
      <KinFields number={1} field={kinField} />
      <KinFields number={2} field={kinField} />
    </>
  );
}

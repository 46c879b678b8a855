import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '../../../../components/text-field.tsx';
import type { DetailsField, DetailsValues } from './details-fields.ts';

interface DetailsGroupProps {
  title: string;
  fields: readonly DetailsField[];
  values: DetailsValues;
  editing: boolean;
  onToggle: () => void;
  register: UseFormRegister<DetailsValues>;
  errors: FieldErrors<DetailsValues>;
}

/** One group of step 3: read-only values ("Not provided" when empty) until Edit turns them into fields. */
export function DetailsGroup({ title, fields, values, editing, onToggle, register, errors }: DetailsGroupProps) {
  const titleId = useId();
  return (
    <section className="details-group" aria-labelledby={titleId}>
      <div className="details-group__head">
        <h3 id={titleId} className="details-group__title">
          {title}
        </h3>
        <button type="button" className="button button--ghost button--sm" aria-pressed={editing} onClick={onToggle}>
          {editing ? 'Done' : 'Edit'}
          <span className="visually-hidden">
            {editing ? ` editing ${title.toLowerCase()}` : ` ${title.toLowerCase()}`}
          </span>
        </button>
      </div>
      {editing ? (
        <div className="form__row">
          {fields.map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              autoComplete={field.autoComplete}
              error={errors[field.name]?.message}
              {...register(field.name)}
            />
          ))}
        </div>
      ) : (
        <dl className="details-list">
          {fields.map((field) => {
            const value = String(values[field.name] ?? '').trim();
            const error = errors[field.name]?.message;
            return (
              <div key={field.name} className="details-list__item">
                <dt>{field.label}</dt>
                <dd className={value ? undefined : 'details-list__empty'}>{value || 'Not provided'}</dd>
                {error ? <dd className="field__error">{error}</dd> : null}
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}

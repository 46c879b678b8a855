import { valibotResolver } from '@hookform/resolvers/valibot';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type Ref } from 'react';
import { Controller, useForm, type Control, type FieldErrors } from 'react-hook-form';
import type * as v from 'valibot';
import type { PickupLocation } from '#domain/api/locations';
import { extraSchema, type ExtraInput } from '#domain/schemas/extra';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { useCurrency } from '../../../lib/currency.ts';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { formatMoney } from '../../../lib/format.ts';
import { refusalOf } from '../../../lib/form-errors.ts';
import { locationsQueryOptions } from '../../settings/index.ts';
import { extrasQueryOptions, useExtraWrites, type ExtraView } from '../api/extras.ts';
import { FormActions } from './form-actions.tsx';
import { wireAmount, wireOptionalAmount } from './money-text.ts';
import { PriceListPanel, type RecordFormProps } from './price-list-panel.tsx';

const FIELDS = ['name', 'charge', 'price', 'cap_per_rental', 'max_quantity', 'stock'] as const;
type ExtraValues = v.InferInput<typeof extraSchema>;
type StockLine = { location_id: number; quantity: string | number };

const CHARGE_WORDS = { per_day: 'a day', per_rental: 'a rental' } as const;

/** Extras: what is rented with the vehicle, unlimited or kept in stock at each pickup location. */
export function ExtrasPanel({ canEdit, online }: { canEdit: boolean; online: boolean }) {
  const query = useQuery(extrasQueryOptions());
  const locations = useQuery(locationsQueryOptions());
  const writes = useExtraWrites();
  const currency = useCurrency();
  const locationName = new Map((locations.data?.items ?? []).map((location) => [location.id, location.name]));

  const stockText = (extra: ExtraView) => {
    if (extra.stock === null) return 'Unlimited';
    const kept = extra.stock.filter((line) => line.quantity > 0);
    if (kept.length === 0) return 'None in stock';
    return `Stock: ${kept.map((line) => `${line.quantity} at ${locationName.get(line.location_id) ?? `location ${line.location_id}`}`).join(', ')}`;
  };

  return (
    <PriceListPanel<ExtraView>
      id="rates-extras"
      title="Extras"
      lead="What customers can add to a rental: an additional driver or a damage waiver (unlimited), child seats, GPS or snow chains (kept at your pickup locations)."
      noun="extra"
      plural="your extras"
      empty="No extras yet."
      query={query}
      canEdit={canEdit}
      online={online}
      nameOf={(extra) => extra.name}
      detail={(extra) =>
        [
          `${formatMoney(extra.price, currency)} ${CHARGE_WORDS[extra.charge]}`,
          ...(extra.cap_per_rental ? [`at most ${formatMoney(extra.cap_per_rental, currency)} a rental`] : []),
          `up to ${extra.max_quantity} per rental`,
          stockText(extra),
        ].join(' · ')
      }
      Form={ExtraForm}
      remove={writes.remove}
      removeMessage={(extra) => `${extra.name} will no longer be offered. Bookings that took it keep it.`}
    />
  );
}

function ExtraForm({ record, online, onDone }: RecordFormProps<ExtraView>) {
  const { add, edit } = useExtraWrites();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ExtraValues, unknown, ExtraInput>({
    resolver: valibotResolver(extraSchema),
    defaultValues: {
      name: record?.name ?? '',
      charge: record?.charge ?? 'per_day',
      price: record?.price ?? '',
      cap_per_rental: record?.cap_per_rental ?? '',
      max_quantity: record ? String(record.max_quantity) : '1',
      stock: record?.stock ?? null,
    },
  });
  useDirtyForm(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const body = {
      ...values,
      price: wireAmount(values.price),
      cap_per_rental: wireOptionalAmount(values.cap_per_rental),
    };
    try {
      onDone(record ? await edit.mutateAsync({ id: record.id, body }) : await add.mutateAsync(body));
    } catch (error) {
      setFailure(refusalOf(error, setError, FIELDS, 'The extra could not be saved.'));
    }
  });

  const title = record ? `Edit ${record.name}` : 'Add extra';
  return (
    <form className="form rates-subform" onSubmit={onSubmit} noValidate aria-label={title}>
      <h3 className="rates-subform__title">{title}</h3>
      <div className="form__row">
        <TextField label="Name" error={errors.name?.message} {...register('name')} />
        <SelectField label="Charged" error={errors.charge?.message} {...register('charge')}>
          <option value="per_day">Per day</option>
          <option value="per_rental">Per rental</option>
        </SelectField>
      </div>
      <div className="form__row">
        <TextField label="Price" inputMode="decimal" error={errors.price?.message} {...register('price')} />
        <TextField
          label="Cap per rental"
          inputMode="decimal"
          hint="The most one unit costs over a rental. Blank: no cap."
          error={errors.cap_per_rental?.message}
          {...register('cap_per_rental')}
        />
        <TextField
          label="Maximum quantity"
          inputMode="numeric"
          hint="How many one rental may take."
          error={errors.max_quantity?.message}
          {...register('max_quantity')}
        />
      </div>
      <StockField control={control} errors={errors} />
      <FormActions failure={failure} submitting={isSubmitting} online={online} onCancel={() => onDone(null)}>
        {record ? 'Save extra' : 'Add extra'}
      </FormActions>
    </form>
  );
}

/** Unlimited, or a quantity kept at each of the agency's pickup locations (a location left at 0 keeps none). */
function StockField({
  control,
  errors,
}: {
  control: Control<ExtraValues, unknown, ExtraInput>;
  errors: FieldErrors<ExtraValues>;
}) {
  return (
    <Controller
      control={control}
      name="stock"
      render={({ field }) => (
        <StockInput
          value={Array.isArray(field.value) ? (field.value as StockLine[]) : null}
          onChange={field.onChange}
          inputRef={field.ref}
          errors={errors}
        />
      )}
    />
  );
}

function StockInput({
  value: lines,
  onChange,
  inputRef,
  errors,
}: {
  value: StockLine[] | null;
  onChange: (stock: StockLine[] | null) => void;
  inputRef: Ref<HTMLInputElement>;
  errors: FieldErrors<ExtraValues>;
}) {
  const locations = useQuery(locationsQueryOptions());
  const groupId = useId();
  const places: PickupLocation[] = locations.data?.items ?? [];
  const stockError = errors.stock?.message ?? errors.stock?.root?.message;

  const limited = (): StockLine[] =>
    places.map((place) => ({
      location_id: place.id,
      quantity: lines?.find((line) => line.location_id === place.id)?.quantity ?? '0',
    }));

  const setQuantity = (locationId: number, quantity: string) =>
    onChange(limited().map((line) => (line.location_id === locationId ? { ...line, quantity } : line)));

  return (
    <fieldset
      className="rates-choices"
      aria-describedby={stockError ? `${groupId}-error` : undefined}
      aria-invalid={stockError ? true : undefined}
    >
      <legend className="field__label">Stock</legend>
      <div className="rates-choices__list">
        <label className="rates-choices__option">
          <input
            type="radio"
            name={`${groupId}-stock`}
            ref={inputRef}
            checked={lines === null}
            onChange={() => onChange(null)}
          />
          <span>Unlimited</span>
        </label>
        <label className="rates-choices__option">
          <input type="radio" name={`${groupId}-stock`} checked={lines !== null} onChange={() => onChange(limited())} />
          <span>Kept at pickup locations</span>
        </label>
      </div>
      {lines !== null ? (
        places.length === 0 ? (
          <p className="field__hint">
            {locations.data ? 'Add a pickup location in Settings first.' : 'Loading your pickup locations...'}
          </p>
        ) : (
          <div className="form__row">
            {places.map((place) => {
              const index = lines.findIndex((line) => line.location_id === place.id);
              const line = index >= 0 ? lines[index] : undefined;
              const lineErrors = index >= 0 && Array.isArray(errors.stock) ? errors.stock[index] : undefined;
              return (
                <TextField
                  key={place.id}
                  label={`Stock at ${place.name}`}
                  inputMode="numeric"
                  value={String(line?.quantity ?? '0')}
                  error={lineErrors?.quantity?.message ?? lineErrors?.location_id?.message}
                  onChange={(event) => setQuantity(place.id, event.target.value)}
                />
              );
            })}
          </div>
        )
      ) : null}
      {stockError ? (
        <p id={`${groupId}-error`} className="field__error">
          {stockError}
        </p>
      ) : null}
    </fieldset>
  );
}

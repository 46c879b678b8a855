import { valibotResolver } from '@hookform/resolvers/valibot';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { oneWayFeeSchema, type OneWayFeeInput } from '#domain/schemas/one-way-fee';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { useCurrency } from '../../../lib/currency.ts';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { formatMoney } from '../../../lib/format.ts';
import { refusalOf } from '../../../lib/form-errors.ts';
import { locationsQueryOptions } from '../../settings/index.ts';
import { oneWayFeesQueryOptions, useOneWayFeeWrites, type OneWayFeeView } from '../api/one-way-fees.ts';
import { FormActions } from './form-actions.tsx';
import { wireAmount } from './money-text.ts';
import { PriceListPanel, type RecordFormProps } from './price-list-panel.tsx';

const FIELDS = ['from_location_id', 'to_location_id', 'amount'] as const;

function useLocationName() {
  const locations = useQuery(locationsQueryOptions());
  const names = new Map((locations.data?.items ?? []).map((location) => [location.id, location.name]));
  return (id: number) => names.get(id) ?? `Location ${id}`;
}

/** One-way fees: what a rental returned elsewhere pays, per pair of pickup locations (0: free). */
export function OneWayFeesPanel({ canEdit, online }: { canEdit: boolean; online: boolean }) {
  const query = useQuery(oneWayFeesQueryOptions());
  const writes = useOneWayFeeWrites();
  const currency = useCurrency();
  const locationName = useLocationName();
  const pair = (fee: OneWayFeeView) => `${locationName(fee.from_location_id)} → ${locationName(fee.to_location_id)}`;
  return (
    <PriceListPanel<OneWayFeeView>
      id="rates-one-way"
      title="One-way fees"
      lead="What a rental picked up at one location and returned at another pays. A pair not listed pays the one-way flat fee below, if you set one."
      noun="one-way fee"
      plural="your one-way fees"
      empty="No one-way fees yet."
      query={query}
      canEdit={canEdit}
      online={online}
      nameOf={pair}
      detail={(fee) => (Number(fee.amount) === 0 ? 'Free' : formatMoney(fee.amount, currency))}
      Form={OneWayFeeForm}
      remove={writes.remove}
      removeMessage={(fee) => `${pair(fee)} will pay the flat one-way fee, if you set one.`}
    />
  );
}

function OneWayFeeForm({ record, online, onDone }: RecordFormProps<OneWayFeeView>) {
  const { add, edit } = useOneWayFeeWrites();
  const locations = useQuery(locationsQueryOptions());
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<v.InferInput<typeof oneWayFeeSchema>, unknown, OneWayFeeInput>({
    resolver: valibotResolver(oneWayFeeSchema),
    defaultValues: {
      from_location_id: record ? String(record.from_location_id) : '',
      to_location_id: record ? String(record.to_location_id) : '',
      amount: record?.amount ?? '',
    },
  });
  useDirtyForm(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const body = { ...values, amount: wireAmount(values.amount) };
    try {
      onDone(record ? await edit.mutateAsync({ id: record.id, body }) : await add.mutateAsync(body));
    } catch (error) {
      setFailure(refusalOf(error, setError, FIELDS, 'The one-way fee could not be saved.'));
    }
  });

  const places = locations.data?.items ?? [];
  const options = (
    <>
      <option value="">{locations.data ? 'Choose a location' : 'Loading your pickup locations...'}</option>
      {places.map((place) => (
        <option key={place.id} value={place.id}>
          {place.name}, {place.city}
        </option>
      ))}
    </>
  );
  const title = record ? 'Edit one-way fee' : 'Add one-way fee';
  return (
    <form className="form rates-subform" onSubmit={onSubmit} noValidate aria-label={title}>
      <h3 className="rates-subform__title">{title}</h3>
      <div className="form__row">
        <SelectField label="From (pickup)" error={errors.from_location_id?.message} {...register('from_location_id')}>
          {options}
        </SelectField>
        <SelectField label="To (dropoff)" error={errors.to_location_id?.message} {...register('to_location_id')}>
          {options}
        </SelectField>
        <TextField
          label="Amount"
          inputMode="decimal"
          hint="0: free."
          error={errors.amount?.message}
          {...register('amount')}
        />
      </div>
      <FormActions failure={failure} submitting={isSubmitting} online={online} onCancel={() => onDone(null)}>
        {record ? 'Save one-way fee' : 'Add one-way fee'}
      </FormActions>
    </form>
  );
}

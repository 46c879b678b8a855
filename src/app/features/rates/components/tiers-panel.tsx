import { valibotResolver } from '@hookform/resolvers/valibot';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type * as v from 'valibot';
import { lengthTierSchema, type LengthTierInput } from '#domain/schemas/length-tier';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { useCurrency } from '../../../lib/currency.ts';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { refusalOf } from '../../../lib/form-errors.ts';
import { lengthTiersQueryOptions, useLengthTierWrites, type LengthTierView } from '../api/length-tiers.ts';
import { ADJUSTMENT_CHOICES, adjustmentText } from './adjustment.ts';
import { FormActions } from './form-actions.tsx';
import { wireOptionalAmount } from './money-text.ts';
import { PercentField } from './percent-field.tsx';
import { PriceListPanel, type RecordFormProps } from './price-list-panel.tsx';

const FIELDS = ['name', 'min_days', 'adjustment_kind', 'day_rate', 'basis_points'] as const;

/** Length tiers: from N rental days on, a share off or a day rate of its own; the highest minimum reached applies. */
export function TiersPanel({ canEdit, online }: { canEdit: boolean; online: boolean }) {
  const query = useQuery(lengthTiersQueryOptions());
  const writes = useLengthTierWrites();
  const currency = useCurrency();
  return (
    <PriceListPanel<LengthTierView>
      id="rates-tiers"
      title="Length tiers"
      lead="Longer rentals for less: from a number of days on, a percentage off or a day rate of its own. The tier with the highest minimum reached applies."
      noun="tier"
      plural="your length tiers"
      empty="No length tiers yet."
      query={query}
      canEdit={canEdit}
      online={online}
      nameOf={(tier) => tier.name}
      detail={(tier) => `From ${tier.min_days} days · ${adjustmentText(tier, currency)}`}
      Form={TierForm}
      remove={writes.remove}
      removeMessage={(tier) => `New quotes from ${tier.min_days} days will no longer get ${tier.name}.`}
    />
  );
}

function TierForm({ record, online, onDone }: RecordFormProps<LengthTierView>) {
  const { add, edit } = useLengthTierWrites();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<v.InferInput<typeof lengthTierSchema>, unknown, LengthTierInput>({
    resolver: valibotResolver(lengthTierSchema),
    defaultValues: {
      name: record?.name ?? '',
      min_days: record ? String(record.min_days) : '',
      adjustment_kind: record?.adjustment_kind ?? 'percent',
      day_rate: record?.day_rate ?? null,
      basis_points: record?.basis_points ?? null,
    },
  });
  useDirtyForm(isDirty);
  const kind = useWatch({ control, name: 'adjustment_kind' });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const body = { ...values, day_rate: wireOptionalAmount(values.day_rate) };
    try {
      onDone(record ? await edit.mutateAsync({ id: record.id, body }) : await add.mutateAsync(body));
    } catch (error) {
      setFailure(refusalOf(error, setError, FIELDS, 'The tier could not be saved.'));
    }
  });

  const title = record ? `Edit ${record.name}` : 'Add tier';
  return (
    <form className="form rates-subform" onSubmit={onSubmit} noValidate aria-label={title}>
      <h3 className="rates-subform__title">{title}</h3>
      <div className="form__row">
        <TextField
          label="Name"
          hint="Shown on the quote, e.g. 7+ days."
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField label="From (days)" inputMode="numeric" error={errors.min_days?.message} {...register('min_days')} />
      </div>
      <div className="form__row">
        <SelectField
          label="Price"
          error={errors.adjustment_kind?.message}
          {...register('adjustment_kind', {
            onChange: (event: { target: { value: string } }) => {
              if (event.target.value === 'day_rate') setValue('basis_points', null);
              else setValue('day_rate', null);
            },
          })}
        >
          {ADJUSTMENT_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.value === 'percent' ? 'A percentage off' : choice.label}
            </option>
          ))}
        </SelectField>
        {kind === 'day_rate' ? (
          <TextField label="Day rate" inputMode="decimal" error={errors.day_rate?.message} {...register('day_rate')} />
        ) : (
          <PercentField control={control} name="basis_points" label="Percentage" hint="-10 for 10 % off." />
        )}
      </div>
      <FormActions failure={failure} submitting={isSubmitting} online={online} onCancel={() => onDone(null)}>
        {record ? 'Save tier' : 'Add tier'}
      </FormActions>
    </form>
  );
}

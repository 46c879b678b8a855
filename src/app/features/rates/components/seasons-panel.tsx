import { valibotResolver } from '@hookform/resolvers/valibot';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import type * as v from 'valibot';
import { seasonSchema, type SeasonInput } from '#domain/schemas/season';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { useCurrency } from '../../../lib/currency.ts';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { formatDate } from '../../../lib/format.ts';
import { refusalOf } from '../../../lib/form-errors.ts';
import { seasonsQueryOptions, useSeasonWrites, type SeasonView } from '../api/seasons.ts';
import { vehicleCategoriesQueryOptions } from '../api/vehicle-categories.ts';
import { overlapsOf } from '../season-timeline.ts';
import { ADJUSTMENT_CHOICES, adjustmentText } from './adjustment.ts';
import { FormActions } from './form-actions.tsx';
import { wireOptionalAmount } from './money-text.ts';
import { PercentField } from './percent-field.tsx';
import { PriceListPanel, type RecordFormProps } from './price-list-panel.tsx';
import { SeasonStrip } from './season-strip.tsx';

const FIELDS = [
  'name',
  'start_date',
  'end_date',
  'adjustment_kind',
  'day_rate',
  'basis_points',
  'category_ids',
] as const;
type SeasonValues = v.InferInput<typeof seasonSchema>;

/** Seasons: named runs of days with a day rate or a share on the base, in date order and on a strip of months. */
export function SeasonsPanel({ canEdit, online }: { canEdit: boolean; online: boolean }) {
  const query = useQuery(seasonsQueryOptions());
  const categories = useQuery(vehicleCategoriesQueryOptions());
  const writes = useSeasonWrites();
  const currency = useCurrency();
  const seasons = query.data?.items ?? [];
  const categoryName = new Map((categories.data?.items ?? []).map((category) => [category.id, category.name]));

  const detail = (season: SeasonView) => {
    const overlaps = overlapsOf(season, seasons).map((other) => other.name);
    return [
      `${formatDate(season.start_date)} to ${formatDate(season.end_date)}`,
      adjustmentText(season, currency),
      season.category_ids.length === 0
        ? 'Every vehicle'
        : season.category_ids.map((id) => categoryName.get(id) ?? `Category ${id}`).join(', '),
      ...(overlaps.length > 0 ? [`Overlaps ${overlaps.join(', ')}`] : []),
    ].join(' · ');
  };

  return (
    <PriceListPanel<SeasonView>
      id="rates-seasons"
      title="Seasons"
      lead="Named runs of days (Summer, Christmas) priced at a day rate or a percentage on the base, in date order. Where two overlap, the shorter one applies."
      noun="season"
      plural="your seasons"
      empty="No seasons yet."
      query={query}
      canEdit={canEdit}
      online={online}
      nameOf={(season) => season.name}
      detail={detail}
      Form={SeasonForm}
      remove={writes.remove}
      removeMessage={(season) => `New quotes will no longer price ${season.name}'s days differently.`}
    >
      <SeasonStrip seasons={seasons} />
    </PriceListPanel>
  );
}

function SeasonForm({ record, online, onDone }: RecordFormProps<SeasonView>) {
  const { add, edit } = useSeasonWrites();
  const categories = useQuery(vehicleCategoriesQueryOptions());
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<SeasonValues, unknown, SeasonInput>({
    resolver: valibotResolver(seasonSchema),
    defaultValues: {
      name: record?.name ?? '',
      start_date: record?.start_date ?? '',
      end_date: record?.end_date ?? '',
      adjustment_kind: record?.adjustment_kind ?? 'percent',
      day_rate: record?.day_rate ?? null,
      basis_points: record?.basis_points ?? null,
      category_ids: record?.category_ids ?? [],
    },
  });
  useDirtyForm(isDirty);
  const kind = useWatch({ control, name: 'adjustment_kind' });
  const chosen = useController({ control, name: 'category_ids' });
  const chosenIds = Array.isArray(chosen.field.value) ? chosen.field.value.map(Number) : [];
  const categoriesId = useId();

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const body = { ...values, day_rate: wireOptionalAmount(values.day_rate) };
    try {
      onDone(record ? await edit.mutateAsync({ id: record.id, body }) : await add.mutateAsync(body));
    } catch (error) {
      setFailure(refusalOf(error, setError, FIELDS, 'The season could not be saved.'));
    }
  });

  const title = record ? `Edit ${record.name}` : 'Add season';
  const categoryError = errors.category_ids?.message;
  return (
    <form className="form rates-subform" onSubmit={onSubmit} noValidate aria-label={title}>
      <h3 className="rates-subform__title">{title}</h3>
      <TextField label="Name" error={errors.name?.message} {...register('name')} />
      <div className="form__row">
        <TextField label="First day" type="date" error={errors.start_date?.message} {...register('start_date')} />
        <TextField label="Last day" type="date" error={errors.end_date?.message} {...register('end_date')} />
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
              {choice.label}
            </option>
          ))}
        </SelectField>
        {kind === 'day_rate' ? (
          <TextField label="Day rate" inputMode="decimal" error={errors.day_rate?.message} {...register('day_rate')} />
        ) : (
          <PercentField
            control={control}
            name="basis_points"
            label="Percentage"
            hint="20 for 20 % more, -10 for 10 % less."
          />
        )}
      </div>
      <fieldset
        className="rates-choices"
        aria-describedby={categoryError ? `${categoriesId}-error` : undefined}
        aria-invalid={categoryError ? true : undefined}
      >
        <legend className="field__label">Categories</legend>
        <p className="field__hint">None ticked: every vehicle.</p>
        {categories.data ? (
          categories.data.items.length === 0 ? (
            <p className="field__hint">You have no categories yet: the season applies to every vehicle.</p>
          ) : (
            <ul className="rates-choices__list">
              {categories.data.items.map((category, index) => (
                <li key={category.id}>
                  <label className="rates-choices__option">
                    <input
                      type="checkbox"
                      ref={index === 0 ? chosen.field.ref : undefined}
                      checked={chosenIds.includes(category.id)}
                      onChange={(event) =>
                        chosen.field.onChange(
                          event.target.checked
                            ? [...chosenIds, category.id]
                            : chosenIds.filter((id) => id !== category.id),
                        )
                      }
                    />
                    <span>{category.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          )
        ) : (
          <p className="field__hint">Loading your categories...</p>
        )}
        {categoryError ? (
          <p id={`${categoriesId}-error`} className="field__error">
            {categoryError}
          </p>
        ) : null}
      </fieldset>
      <FormActions failure={failure} submitting={isSubmitting} online={online} onCancel={() => onDone(null)}>
        {record ? 'Save season' : 'Add season'}
      </FormActions>
    </form>
  );
}

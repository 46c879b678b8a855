import { valibotResolver } from '@hookform/resolvers/valibot';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { vehicleCategorySchema, type VehicleCategoryInput } from '#domain/schemas/vehicle-category';
import { TextField } from '../../../components/text-field.tsx';
import { useCurrency } from '../../../lib/currency.ts';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { formatMoney } from '../../../lib/format.ts';
import { refusalOf } from '../../../lib/form-errors.ts';
import {
  useVehicleCategoryWrites,
  vehicleCategoriesQueryOptions,
  type VehicleCategoryView,
} from '../api/vehicle-categories.ts';
import { FormActions } from './form-actions.tsx';
import { wireOptionalAmount } from './money-text.ts';
import { PriceListPanel, type RecordFormProps } from './price-list-panel.tsx';

const FIELDS = ['name', 'base_day_rate'] as const;
const vehiclesLabel = (count: number) => `${count} ${count === 1 ? 'vehicle' : 'vehicles'}`;

/** Categories: the agency's own kinds of vehicle, each with an optional base day rate. */
export function CategoriesPanel({ canEdit, online }: { canEdit: boolean; online: boolean }) {
  const query = useQuery(vehicleCategoriesQueryOptions());
  const writes = useVehicleCategoryWrites();
  const currency = useCurrency();
  return (
    <PriceListPanel<VehicleCategoryView>
      id="rates-categories"
      title="Categories"
      lead="Your kinds of vehicle (Economy, SUV, Van…). A base day rate prices the vehicles that have none of their own."
      noun="category"
      plural="your categories"
      empty="No categories yet."
      query={query}
      canEdit={canEdit}
      online={online}
      nameOf={(category) => category.name}
      detail={(category) =>
        `${category.base_day_rate ? `${formatMoney(category.base_day_rate, currency)} a day` : 'No base day rate'} · ${vehiclesLabel(category.vehicles)}`
      }
      Form={CategoryForm}
      remove={writes.remove}
      removeMessage={(category) =>
        `${category.name} will be taken off its ${vehiclesLabel(category.vehicles)}, which keep their own day rates.`
      }
    />
  );
}

function CategoryForm({ record, online, onDone }: RecordFormProps<VehicleCategoryView>) {
  const { add, edit } = useVehicleCategoryWrites();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<v.InferInput<typeof vehicleCategorySchema>, unknown, VehicleCategoryInput>({
    resolver: valibotResolver(vehicleCategorySchema),
    defaultValues: { name: record?.name ?? '', base_day_rate: record?.base_day_rate ?? '' },
  });
  useDirtyForm(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const body = { name: values.name, base_day_rate: wireOptionalAmount(values.base_day_rate) };
    try {
      onDone(record ? await edit.mutateAsync({ id: record.id, body }) : await add.mutateAsync(body));
    } catch (error) {
      setFailure(refusalOf(error, setError, FIELDS, 'The category could not be saved.'));
    }
  });

  const title = record ? `Edit ${record.name}` : 'Add category';
  return (
    <form className="form rates-subform" onSubmit={onSubmit} noValidate aria-label={title}>
      <h3 className="rates-subform__title">{title}</h3>
      <div className="form__row">
        <TextField label="Name" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Base day rate"
          inputMode="decimal"
          hint="Blank: none."
          error={errors.base_day_rate?.message}
          {...register('base_day_rate')}
        />
      </div>
      <FormActions failure={failure} submitting={isSubmitting} online={online} onCancel={() => onDone(null)}>
        {record ? 'Save category' : 'Add category'}
      </FormActions>
    </form>
  );
}

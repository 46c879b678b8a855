import { valibotResolver } from '@hookform/resolvers/valibot';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { MAINTENANCE_TYPES } from '#domain/service-due';
import { localIsoDate } from '#domain/dates';
import { maintenanceSchema, type MaintenanceInput } from '#domain/schemas/maintenance';
import { Button } from '../../../components/button.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/text-field.tsx';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { type Delivery, useOutboxFormSubmit } from '#app/offline/use-outbox-form-submit';
import { fleetChoiceName, useFleetChoices } from '../../fleet/index.ts';
import { MAINTENANCE_KEY, maintenanceRequest, type MaintenanceRecord } from '../api/maintenance.ts';
import { MAINTENANCE_TYPE_LABELS } from '../maintenance-labels.ts';

type FormValues = v.InferInput<typeof maintenanceSchema>;

const NOT_SAVED = 'The record could not be saved.';

const FIELDS = ['vehicle', 'type', 'service_date', 'mileage', 'cost', 'garage', 'notes'] as const;

function defaults(record: MaintenanceRecord | null, vehicle: number | undefined): FormValues {
  if (!record) {
    return {
      vehicle: vehicle === undefined ? '' : String(vehicle),
      type: 'service',
      service_date: localIsoDate(),
      mileage: '',
      cost: '',
      garage: '',
      notes: '',
    };
  }
  return {
    vehicle: String(record.vehicle),
    type: record.type,
    service_date: record.service_date,
    mileage: String(record.mileage),
    cost: record.cost,
    garage: record.garage ?? '',
    notes: record.notes ?? '',
  };
}

interface MaintenanceFormProps {
  /** The record being edited; null adds one. */
  editing: MaintenanceRecord | null;
  /** The vehicle a new record starts with (the list's vehicle filter). */
  vehicle: number | undefined;
  /** Saved and sent, or kept on this device to send later: the page says which. */
  onDone: (delivery: Delivery) => void;
  onCancel: () => void;
}

/**
 * Add or edit a record, checked with the server's own schema, saved through the outbox: in the
 * yard without signal it is kept on this device and sent once the connection returns.
 */
export function MaintenanceForm({ editing, vehicle, onDone, onCancel }: MaintenanceFormProps) {
  const vehicles = useFleetChoices();
  const choices = vehicles.data?.items ?? [];
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormValues, unknown, MaintenanceInput>({
    resolver: valibotResolver(maintenanceSchema),
    defaultValues: defaults(editing, vehicle),
  });
  const { submit, delivery, refusal } = useOutboxFormSubmit(setError, FIELDS);
  useDirtyForm(isDirty && delivery === null);

  // Said beside Save once: nothing when the fields' own messages say it all.
  const said = refusal
    ? refusal.placed && refusal.unplaced.length === 0
      ? null
      : [...new Set([refusal.message ?? NOT_SAVED, ...refusal.unplaced])].join(' ')
    : null;

  // A refusal (the record deleted at another desk, say): the list below reads again what the server has.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (refusal) void queryClient.invalidateQueries({ queryKey: MAINTENANCE_KEY });
  }, [refusal, queryClient]);

  useEffect(() => {
    if (delivery !== null) onDone(delivery);
  }, [delivery, onDone]);

  const onSubmit = handleSubmit((input) => {
    const chosen = choices.find((choice) => choice.id === input.vehicle);
    const name = chosen ? fleetChoiceName(chosen) : `vehicle ${input.vehicle}`;
    return submit(maintenanceRequest(editing?.id ?? null, input, name));
  });

  return (
    <form
      className="panel maintenance-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={editing ? 'Edit record' : 'Add record'}
    >
      <h2 className="maintenance-form__title">{editing ? 'Edit record' : 'Add record'}</h2>
      <div className="maintenance-form__fields">
        <SelectField label="Vehicle" error={errors.vehicle?.message} {...register('vehicle')}>
          <option value="">{vehicles.isPending ? 'Loading vehicles...' : 'Choose a vehicle'}</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {fleetChoiceName(choice)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Type" error={errors.type?.message} {...register('type')}>
          {MAINTENANCE_TYPES.map((type) => (
            <option key={type} value={type}>
              {MAINTENANCE_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <TextField label="Date" type="date" error={errors.service_date?.message} {...register('service_date')} />
        <TextField
          label="Mileage"
          type="number"
          inputMode="numeric"
          min={0}
          hint="The odometer on that day, in km."
          error={errors.mileage?.message}
          {...register('mileage')}
        />
        <TextField
          label="Cost"
          inputMode="decimal"
          placeholder="0.00"
          error={errors.cost?.message}
          {...register('cost')}
        />
        <TextField label="Garage" autoComplete="organization" error={errors.garage?.message} {...register('garage')} />
      </div>
      <TextAreaField label="Notes" rows={3} error={errors.notes?.message} {...register('notes')} />
      <p className="maintenance-form__hint">
        A service moves the vehicle&apos;s next service date to your service interval after its date (never earlier),
        and a mileage above the vehicle&apos;s raises it.
      </p>
      <div className="maintenance-form__actions">
        <Refusal className="refusal--block" message={said} focusKey={refusal} />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : editing ? 'Save record' : 'Add record'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

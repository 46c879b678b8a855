import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { UNAVAILABILITY_KINDS } from '#domain/constants';
import { localIsoDate } from '#domain/dates';
import { PARSE_CONFIG } from '#domain/schemas/parse';
import { unavailabilitySchema } from '#domain/schemas/unavailability';
import { Button } from '../../../components/button.tsx';
import { Refusal, useFocusFirstInvalid } from '../../../components/refusal.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { dateRangeError } from '../../../lib/date-range.ts';
import { firstMessages, refusalParts } from '../../../lib/form-errors.ts';
import { useFleetChoices } from '../../fleet/index.ts';
import { useSavePeriod, type UnavailabilityPeriod } from '../api/unavailability.ts';

interface Draft {
  vehicle: string;
  kind: string;
  start_date: string;
  end_date: string;
  reason: string;
}

const EMPTY: Draft = { vehicle: '', kind: 'maintenance', start_date: '', end_date: '', reason: '' };

function draftOf(period: UnavailabilityPeriod | null, vehicle: number | undefined): Draft {
  if (!period)
    return vehicle === undefined ? EMPTY : { ...EMPTY, vehicle: String(vehicle), start_date: localIsoDate() };
  const { kind, start_date, end_date, reason } = period;
  return { vehicle: String(period.vehicle), kind, start_date, end_date, reason: reason ?? '' };
}

/**
 * Add or edit a period; checked with the server's own schema before it is sent. A new period may
 * start with `vehicle` chosen, from today (a today card's Block vehicle).
 */
export function PeriodForm({
  editing,
  vehicle,
  onDone,
}: {
  editing: UnavailabilityPeriod | null;
  vehicle?: number | undefined;
  onDone: () => void;
}) {
  const vehicles = useFleetChoices();
  const { save } = useSavePeriod();
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing, vehicle));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useFocusFirstInvalid<HTMLFormElement>(errors);
  // Said as soon as the dates are chosen; the schema says it again on submit.
  const backwards = dateRangeError(draft.start_date, draft.end_date);
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = v.safeParse(unavailabilitySchema, draft, PARSE_CONFIG);
    if (!parsed.success) {
      setErrors(firstMessages(v.flatten<typeof unavailabilitySchema>(parsed.issues).nested));
      return;
    }
    setErrors({});
    save.mutate(
      { id: editing?.id ?? null, values: parsed.output },
      {
        onSuccess: () => {
          setDraft(EMPTY);
          onDone();
        },
        onError: (error) => {
          const { fields, message } = refusalParts(error, Object.keys(EMPTY), 'The period could not be saved.');
          setErrors(fields);
          setFailure(message);
        },
      },
    );
  };

  return (
    <form
      ref={formRef}
      className="unavailability-form"
      onSubmit={submit}
      noValidate
      aria-label={editing ? 'Edit period' : 'Add period'}
    >
      <SelectField label="Vehicle" value={draft.vehicle} onChange={set('vehicle')} error={errors.vehicle}>
        <option value="">Choose a vehicle</option>
        {(vehicles.data?.items ?? []).map((vehicle) => (
          <option key={vehicle.id} value={vehicle.id}>
            {vehicle.make} {vehicle.model} ({vehicle.registration_number})
          </option>
        ))}
      </SelectField>
      <SelectField label="Kind" value={draft.kind} onChange={set('kind')} error={errors.kind}>
        {UNAVAILABILITY_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {kind}
          </option>
        ))}
      </SelectField>
      <TextField
        label="From"
        type="date"
        value={draft.start_date}
        onChange={set('start_date')}
        error={errors.start_date}
      />
      <TextField
        label="To"
        type="date"
        value={draft.end_date}
        onChange={set('end_date')}
        error={errors.end_date ?? backwards}
      />
      <TextField label="Reason" value={draft.reason} onChange={set('reason')} error={errors.reason} />
      <div className="unavailability-form__actions">
        <Refusal className="refusal--block" message={failure} />
        <Button type="submit" disabled={save.isPending}>
          {editing ? 'Save period' : 'Add period'}
        </Button>
        {editing ? (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import {
  FUEL_EIGHTHS_MAX,
  fuelLabel,
  inspectionSchema,
  type DamageMark,
  type InspectionKind,
} from '#domain/schemas/inspection';
import { localIsoDate } from '#domain/dates';
import { pickupFarFromStart, returnFlags, type Allowance, type Readings } from '#domain/return-flags';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Refusal, useFocusFirstInvalid } from '../../../components/refusal.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/text-field.tsx';
import { discardEntry, submitThroughOutbox } from '../../../offline/outbox.ts';
import { useRefreshBookingInspections } from '../api/get-inspections.ts';
import { inspectionRequest } from '../api/record-inspection.ts';
import { DamageMarks } from './damage-marks.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import { ReturnFlagsNotice } from './return-flags.tsx';
import { formatDate } from '../../../lib/format.ts';

export const KIND_TITLES: Record<InspectionKind, string> = {
  pickup: 'Pickup inspection',
  return: 'Return inspection',
};

export const REASON_REQUIRED = 'Give the reason for handing the car over without a signed agreement.';

const FIELDS = ['mileage', 'fuel_eighths', 'damage_marks', 'notes', 'photos', 'no_agreement_reason'] as const;
type Errors = Partial<Record<(typeof FIELDS)[number], string>>;

interface InspectionFormProps {
  bookingId: number;
  kind: InspectionKind;
  /** The pickup's readings: a return cannot be below its mileage, and is flagged against both. */
  pickup?: Readings | undefined;
  /** What the vehicle allows over the booking's days (a return is flagged beyond it). */
  allowance: Allowance;
  /** The booking's first day: a pickup recorded far from it is confirmed first. */
  startDate: string;
  /** The pickup's marks, drawn hollow on a return's outline so new damage stands out. */
  earlierMarks?: readonly DamageMark[] | undefined;
  vehicleLabel: string;
  /** Sent or kept on the device; `handedOver` when a pickup was recorded without an agreement (so it is active). */
  onSaved: (outcome: 'sent' | 'queued', handedOver: boolean) => void;
  onCancel: () => void;
}

/** The readings typed so far, once both are whole numbers the form would accept. */
function readingsOf(mileage: string, fuel: string): Readings | null {
  const km = Number(mileage.trim());
  const eighths = Number(fuel);
  if (mileage.trim() === '' || fuel === '' || !Number.isInteger(km) || km < 0) return null;
  return { mileage: km, fuel_eighths: eighths };
}

function fieldErrors(fields: Record<string, string[]> | null | undefined): Errors {
  const errors: Errors = {};
  for (const name of FIELDS) {
    const message = fields?.[name]?.[0];
    if (message) errors[name] = message;
  }
  return errors;
}

/** Whether every field the server named is one this form shows (its messages then say it all). */
function allPlaced(fields: Record<string, string[]> | null | undefined): boolean {
  const names = Object.keys(fields ?? {});
  return names.length > 0 && names.every((name) => (FIELDS as readonly string[]).includes(name));
}

/**
 * Recording an inspection at the car, built for a tablet: mileage, fuel, damage on the outline,
 * notes and photos. Saved through the outbox, so it is kept on the device without signal and
 * sent once when the connection returns; the booking moves on when the server has it.
 */
export function InspectionForm({
  bookingId,
  kind,
  pickup,
  allowance,
  startDate,
  earlierMarks,
  vehicleLabel,
  onSaved,
  onCancel,
}: InspectionFormProps) {
  const [mileage, setMileage] = useState('');
  const [fuel, setFuel] = useState('');
  const [marks, setMarks] = useState<DamageMark[]>([]);
  const [notes, setNotes] = useState('');
  /** At pickup: handed over without a signed agreement, and why (decision 050). */
  const [withoutAgreement, setWithoutAgreement] = useState(false);
  const [reason, setReason] = useState('');
  const [photos, setPhotos] = useState<Blob[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  /** Said beside Save when no field's message says it; `cause` moves focus to it again on a repeat. */
  const [refusal, setRefusal] = useState<{ message: string; cause: object } | null>(null);
  const formRef = useFocusFirstInvalid<HTMLFormElement>(errors);
  const refresh = useRefreshBookingInspections();
  const [saving, setSaving] = useState(false);
  const [preparing, setPreparing] = useState(false);
  /** Days from the booking's start, while the desk is asked to confirm a pickup far from it. */
  const [farFromStart, setFarFromStart] = useState<number | null>(null);
  const title = KIND_TITLES[kind];
  const pickupMileage = pickup?.mileage;
  const readings = readingsOf(mileage, fuel);
  const flags = kind === 'return' && pickup && readings ? returnFlags(pickup, readings, allowance) : null;

  const submit = async (event: FormEvent | null, confirmed = false) => {
    event?.preventDefault();
    setRefusal(null);
    const noAgreementReason = kind === 'pickup' && withoutAgreement ? reason : '';
    const parsed = v.safeParse(inspectionSchema, {
      mileage,
      fuel_eighths: fuel,
      damage_marks: marks,
      notes,
      no_agreement_reason: noAgreementReason,
    });
    const found: Errors = parsed.success
      ? {}
      : fieldErrors(v.flatten<typeof inspectionSchema>(parsed.issues).nested as Record<string, string[]>);
    if (parsed.success && pickupMileage !== undefined && parsed.output.mileage < pickupMileage) {
      found.mileage = `Mileage at return cannot be below the ${pickupMileage} km read at pickup.`;
    }
    if (kind === 'pickup' && withoutAgreement && !reason.trim()) found.no_agreement_reason = REASON_REQUIRED;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (kind === 'pickup' && !confirmed) {
      const days = pickupFarFromStart(localIsoDate(), startDate);
      if (days !== null) {
        setFarFromStart(days);
        return;
      }
    }
    setFarFromStart(null);
    setSaving(true);
    try {
      const outcome = await submitThroughOutbox(
        inspectionRequest({
          bookingId,
          kind,
          mileage,
          fuelEighths: fuel,
          marks,
          notes,
          noAgreementReason,
          photos,
          label: `${title}: ${vehicleLabel}, booking #${bookingId}`,
        }),
      );
      if (outcome.status === 'refused') {
        // Shown here, where it can be fixed; it must not linger in the sync panel as well.
        void discardEntry(outcome.entry.id);
        refresh();
        setErrors(fieldErrors(outcome.fields));
        if (!allPlaced(outcome.fields)) {
          setRefusal({ message: outcome.error || 'The inspection was not accepted.', cause: outcome });
        }
      } else {
        onSaved(outcome.status, noAgreementReason.trim() !== '');
      }
    } catch (error) {
      setRefusal({
        message: 'This device could not keep the inspection (its storage may be full). Nothing was saved.',
        cause: { error },
      });
    } finally {
      setSaving(false);
    }
  };

  const busy = saving || preparing;
  return (
    <form
      ref={formRef}
      className="inspection-form"
      aria-label={title}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3 className="inspection-form__title">{title}</h3>
      <div className="inspection-form__readings">
        <TextField
          label="Mileage"
          inputMode="numeric"
          autoComplete="off"
          hint={
            pickupMileage !== undefined
              ? `The odometer now, in km (${pickupMileage} km at pickup).`
              : 'The odometer now, in km.'
          }
          value={mileage}
          error={errors.mileage}
          disabled={saving}
          onChange={(event) => setMileage(event.target.value)}
        />
        <SelectField
          label="Fuel level"
          value={fuel}
          error={errors.fuel_eighths}
          disabled={saving}
          onChange={(event) => setFuel(event.target.value)}
        >
          <option value="">Choose the gauge reading</option>
          {Array.from({ length: FUEL_EIGHTHS_MAX + 1 }, (_, eighths) => (
            <option key={eighths} value={eighths}>
              {fuelLabel(eighths)}
            </option>
          ))}
        </SelectField>
      </div>
      {kind === 'return' ? (
        <div aria-live="polite">{flags ? <ReturnFlagsNotice flags={flags} allowance={allowance} /> : null}</div>
      ) : null}
      <DamageMarks
        marks={marks}
        onChange={setMarks}
        earlier={earlierMarks}
        error={errors.damage_marks}
        disabled={saving}
      />
      <TextAreaField
        label="Notes"
        rows={3}
        value={notes}
        error={errors.notes}
        disabled={saving}
        onChange={(event) => setNotes(event.target.value)}
      />
      {kind === 'pickup' ? (
        <fieldset className="inspection-form__agreement">
          <legend className="visually-hidden">Rental agreement</legend>
          <label className="inspection-form__check">
            <input
              type="checkbox"
              checked={withoutAgreement}
              disabled={saving}
              onChange={(event) => {
                setWithoutAgreement(event.target.checked);
                if (!event.target.checked) setErrors(({ no_agreement_reason: _, ...rest }) => rest);
              }}
            />
            <span>Hand over without a signed agreement</span>
          </label>
          {withoutAgreement ? (
            <TextAreaField
              label="Reason"
              rows={2}
              required
              hint="Kept on the booking. Without it, the car is handed over once the customer has signed and staff countersign."
              value={reason}
              error={errors.no_agreement_reason}
              disabled={saving}
              onChange={(event) => setReason(event.target.value)}
            />
          ) : (
            <p className="field__hint">
              The booking is picked up when the customer has signed the agreement and staff countersign it.
            </p>
          )}
        </fieldset>
      ) : null}
      <PhotoPicker
        photos={photos}
        onChange={setPhotos}
        error={errors.photos}
        disabled={saving}
        onBusyChange={setPreparing}
      />
      <div className="form__actions">
        <Refusal message={refusal?.message} focusKey={refusal?.cause} />
        <Button variant="secondary" disabled={saving} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {saving ? 'Saving...' : `Save ${title.toLowerCase()}`}
        </Button>
      </div>
      <ConfirmDialog
        open={farFromStart !== null}
        title="Record the pickup today?"
        message={
          farFromStart === null ? null : (
            <p>
              This booking starts on {formatDate(startDate)}, {Math.abs(farFromStart)}{' '}
              {Math.abs(farFromStart) === 1 ? 'day' : 'days'} {farFromStart < 0 ? 'from now' : 'ago'}. Check that this
              is the right booking before the car leaves.
            </p>
          )
        }
        confirmLabel="Record pickup anyway"
        onCancel={() => setFarFromStart(null)}
        onConfirm={() => void submit(null, true)}
      />
    </form>
  );
}

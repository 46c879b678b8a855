import { useCallback, useEffect, useMemo } from 'react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import {
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import type * as v from 'valibot';
import { anonymousBookingRequestSchema, type AnonymousBookingRequestInput } from '#domain/schemas/booking-request';
import { Button } from '../../../components/button.tsx';
import { DEFAULT_DROPOFF_TIME, DEFAULT_PICKUP_TIME } from '#domain/constants';
import { TextAreaField, TextField } from '../../../components/text-field.tsx';
import { anonymousBookingRequest } from '../api/create-anonymous-booking-request.ts';
import type { ShownVehicle } from '../api/get-public-vehicle.ts';
import { useOutboxFormSubmit } from '#app/offline/use-outbox-form-submit';
import { RefusalMessage, RefusedDraftMessage } from '#app/offline/refusal-message';
import { draftFormValues, useRefusedDraft } from '#app/offline/use-refused-draft';
import { chosenExtras, extrasValue, wholeOrNull } from '../request-choice.ts';
import { useRentalQuote } from '../use-rental-quote.ts';
import type { ChosenExtra } from './extras-fieldset.tsx';
import { ExtrasAndQuote } from './extras-and-quote.tsx';
import { LocationFields } from './location-fields.tsx';
import { RentalDateFields } from './rental-date-fields.tsx';
import { RequestOutcome } from './request-outcome.tsx';
import { RequestTerms } from './request-terms.tsx';
import { VehicleSummary } from './vehicle-summary.tsx';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';

type FormValues = v.InferInput<typeof anonymousBookingRequestSchema>;

const FIELDS = [
  'first_name',
  'last_name',
  'phone_number',
  'email',
  'start_date',
  'end_date',
  'pickup_location_id',
  'dropoff_location_id',
  'extras',
  'driver_age',
  'message',
] as const;

/** SPEC §8. */
const SUBMITTED = 'Booking request submitted successfully!';
const FAILED = 'There was an error submitting your request.';

interface RentalChoiceProps {
  vehicle: ShownVehicle;
  control: Control<FormValues, unknown, AnonymousBookingRequestInput>;
  register: UseFormRegister<FormValues>;
  setValue: UseFormSetValue<FormValues>;
  errors: FieldErrors<FormValues>;
}

/**
 * Dates, where, extras, the driver's age and the quote of them (issue 21). The fields the quote
 * reads are watched here, not in the form, so a change re-renders this part alone (and, of it, the
 * memoised fields whose props changed): the quote is painted within 50 ms at 4× CPU.
 */
function RentalChoice({ vehicle, control, register, setValue, errors }: RentalChoiceProps) {
  const locations = vehicle.pickup_locations;
  const [startDate = '', endDate = '', pickup, dropoff, driverAge] = useWatch({
    control,
    name: ['start_date', 'end_date', 'pickup_location_id', 'dropoff_location_id', 'driver_age'],
  });
  // Computed in the watch: the same array until the extras change, so the list re-renders only then.
  const chosen = useWatch({ control, name: 'extras', compute: chosenExtras });
  const rental = useRentalQuote(vehicle, {
    startDate,
    endDate,
    pickupTime: DEFAULT_PICKUP_TIME,
    dropoffTime: DEFAULT_DROPOFF_TIME,
    pickupLocationId: wholeOrNull(pickup),
    dropoffLocationId: wholeOrNull(dropoff),
    extras: chosen,
    driverAge: wholeOrNull(driverAge),
  });
  const plan = rental.plan;
  const youngDriver = plan?.fees.youngDriver ?? null;
  const quoteProblem = (field: string) => (rental.problem?.field === field ? rental.problem.message : undefined);
  // Registered once (the same props on every render), so the memoised fields skip a change elsewhere.
  const fields = useMemo(
    () => ({
      start: register('start_date'),
      end: register('end_date'),
      pickup: register('pickup_location_id'),
      dropoff: register('dropoff_location_id'),
    }),
    [register],
  );
  const askAge = youngDriver !== null;
  const driverAgeField = useMemo(() => (askAge ? register('driver_age') : null), [askAge, register]);
  const onExtrasChange = useCallback(
    (next: ChosenExtra[]) => setValue('extras', extrasValue(next), { shouldDirty: true }),
    [setValue],
  );
  return (
    <>
      <fieldset className="form__section">
        <legend className="form__section-title">Rental dates</legend>
        <RentalDateFields
          start={fields.start}
          end={fields.end}
          startError={errors.start_date?.message}
          endError={errors.end_date?.message}
          startDate={startDate}
          endDate={endDate}
        />
      </fieldset>
      {locations.length > 0 ? (
        <LocationFields
          locations={locations}
          pickup={fields.pickup}
          dropoff={fields.dropoff}
          pickupError={errors.pickup_location_id?.message ?? quoteProblem('pickup_location_id')}
          dropoffError={errors.dropoff_location_id?.message ?? quoteProblem('dropoff_location_id')}
        />
      ) : null}
      <ExtrasAndQuote
        rental={rental}
        chosen={chosen}
        onExtrasChange={onExtrasChange}
        driverAgeField={driverAgeField}
        extrasError={errors.extras?.message}
        driverAgeError={errors.driver_age?.message}
      />
    </>
  );
}

/**
 * A visitor's request for one vehicle (SPEC §2, §5): contact details, dates, where (the vehicle's
 * pickup locations), extras, the driver's age when the agency charges young drivers, a message,
 * and the itemised quote of it all (issue 21).
 */
export function AnonymousRequestForm({ vehicle }: { vehicle: ShownVehicle }) {
  const locations = vehicle.pickup_locations;
  // With one pickup location there is nothing to choose.
  const only = locations.length === 1 ? String(locations[0]?.id ?? '') : '';
  // One object per vehicle: a draft read later fills the form over these same defaults.
  const emptyValues = useMemo<FormValues>(
    () => ({
      vehicle_id: vehicle.id,
      first_name: '',
      last_name: '',
      phone_number: '',
      email: '',
      start_date: '',
      end_date: '',
      pickup_location_id: only,
      dropoff_location_id: only,
      extras: [],
      driver_age: '',
      message: '',
    }),
    [vehicle.id, only],
  );
  const {
    register,
    handleSubmit,
    control,
    setError,
    reset,
    setFocus,
    setValue,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormValues, unknown, AnonymousBookingRequestInput>({
    resolver: valibotResolver(anonymousBookingRequestSchema),
    defaultValues: emptyValues,
  });
  const draft = useRefusedDraft('anonymous-booking-request', vehicle.id);
  useEffect(() => {
    if (!draft) return;
    // The inputs stay registered (keepFieldsRef): a reset that drops them leaves nothing to focus
    // until the next render, which may come after the frame below.
    reset(draftFormValues(emptyValues, draft.values), { keepDefaultValues: true, keepFieldsRef: true });
    // After the frame: the sync panel that opened this form gives the focus back as it closes.
    const frame = requestAnimationFrame(() => setFocus('start_date'));
    return () => cancelAnimationFrame(frame);
  }, [draft, emptyValues, reset, setFocus]);
  const { submit, delivery, refusal } = useOutboxFormSubmit(setError, FIELDS, draft?.id);
  // A new version of the app waits rather than reload over a request being written.
  useDirtyForm(isDirty && delivery === null);
  const onSubmit = handleSubmit((input) => submit(anonymousBookingRequest(input, vehicle)));

  return (
    <div className="request-layout">
      <div className="request-layout__grid">
        <aside className="request-layout__vehicle panel" aria-label="Vehicle">
          <VehicleSummary vehicle={vehicle} />
          <RequestTerms vehicle={vehicle} />
        </aside>
        <div className="request-layout__form panel">
          {delivery ? (
            <RequestOutcome
              delivery={delivery}
              sentText={SUBMITTED}
              failedText={FAILED}
              next="/"
              nextName="the vehicles"
              nextLabel="Back to Available Vehicles"
            />
          ) : (
            <form className="form" onSubmit={onSubmit} noValidate aria-label="Booking request">
              {draft && !refusal ? <RefusedDraftMessage error={draft.error} /> : null}
              <fieldset className="form__section">
                <legend className="form__section-title">Your details</legend>
                <div className="form__row">
                  <TextField
                    label="First name"
                    autoComplete="given-name"
                    error={errors.first_name?.message}
                    {...register('first_name')}
                  />
                  <TextField
                    label="Last name"
                    autoComplete="family-name"
                    error={errors.last_name?.message}
                    {...register('last_name')}
                  />
                </div>
                <div className="form__row">
                  <TextField
                    label="Phone number"
                    type="tel"
                    autoComplete="tel"
                    error={errors.phone_number?.message}
                    {...register('phone_number')}
                  />
                  <TextField
                    label="E-mail"
                    type="email"
                    autoComplete="email"
                    autoCapitalize="none"
                    spellCheck={false}
                    error={errors.email?.message}
                    {...register('email')}
                  />
                </div>
              </fieldset>
              <RentalChoice
                vehicle={vehicle}
                control={control}
                register={register}
                setValue={setValue}
                errors={errors}
              />
              <TextAreaField
                label="Message (optional)"
                hint="Anything the agency should know, e.g. a late pickup or a flight number."
                error={errors.message?.message}
                {...register('message')}
              />
              {/* Beside the button pressed: on a phone the top of the form is far above. */}
              {refusal ? <RefusalMessage title={FAILED} refusal={refusal} /> : null}
              <Button type="submit" className="form__submit" disabled={isSubmitting}>
                {isSubmitting ? 'Submitting...' : 'Submit Request'}
              </Button>
              <p className="form__footer">The agency reviews your request and contacts you to confirm it.</p>
            </form>
          )}
        </div>
      </div>
    </div>
  );
}

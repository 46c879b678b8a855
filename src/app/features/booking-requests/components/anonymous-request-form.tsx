import { useEffect, useMemo } from 'react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm, useWatch } from 'react-hook-form';
import type * as v from 'valibot';
import { anonymousBookingRequestSchema, type AnonymousBookingRequestInput } from '#domain/schemas/booking-request';
import { Button } from '../../../components/button.tsx';
import { TextAreaField, TextField } from '../../../components/text-field.tsx';
import { anonymousBookingRequest } from '../api/create-anonymous-booking-request.ts';
import type { ShownVehicle } from '../api/get-public-vehicle.ts';
import { useOutboxFormSubmit } from '#app/offline/use-outbox-form-submit';
import { RefusalMessage, RefusedDraftMessage } from '#app/offline/refusal-message';
import { draftFormValues, useRefusedDraft } from '#app/offline/use-refused-draft';
import { RentalDateFields } from './rental-date-fields.tsx';
import { RequestOutcome } from './request-outcome.tsx';
import { RequestTerms } from './request-terms.tsx';
import { VehicleSummary } from './vehicle-summary.tsx';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';

type FormValues = v.InferInput<typeof anonymousBookingRequestSchema>;

const FIELDS = ['first_name', 'last_name', 'phone_number', 'email', 'start_date', 'end_date', 'message'] as const;

/** SPEC §8. */
const SUBMITTED = 'Booking request submitted successfully!';
const FAILED = 'There was an error submitting your request.';

/** A visitor's request for one vehicle (SPEC §2, §5): contact details, dates and a message. */
export function AnonymousRequestForm({ vehicle }: { vehicle: ShownVehicle }) {
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
      message: '',
    }),
    [vehicle.id],
  );
  const {
    register,
    handleSubmit,
    control,
    setError,
    reset,
    setFocus,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormValues, unknown, AnonymousBookingRequestInput>({
    resolver: valibotResolver(anonymousBookingRequestSchema),
    defaultValues: emptyValues,
  });
  const [startDate = '', endDate = ''] = useWatch({ control, name: ['start_date', 'end_date'] });
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
              <fieldset className="form__section">
                <legend className="form__section-title">Rental dates</legend>
                <RentalDateFields
                  start={register('start_date')}
                  end={register('end_date')}
                  startError={errors.start_date?.message}
                  endError={errors.end_date?.message}
                  startDate={startDate}
                  endDate={endDate}
                  pricePerDay={vehicle.price_per_day}
                />
              </fieldset>
              <TextAreaField
                label="Message (optional)"
                hint="Anything the agency should know, e.g. a child seat or a late pickup."
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

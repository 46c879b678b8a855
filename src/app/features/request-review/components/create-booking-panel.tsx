import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import type { StaffBookingRequest } from '#domain/api/booking-requests';
import { PAYMENT_METHODS } from '#domain/constants';
import { isHoldExpired } from '#domain/request-hold';
import { NEW_BOOKING_STATUSES, requestBookingSchema, type RequestBookingInput } from '#domain/schemas/booking';
import { Button, buttonClass } from '../../../components/button.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { NetworkError } from '../../../lib/api-client.ts';
import { bookingStatusLabel, paymentMethodLabel } from '../../../lib/booking-labels.ts';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { refusalOf } from '../../../lib/form-errors.ts';
import { useOnline } from '../../../offline/connectivity.ts';
import { useCreateBookingFromRequest } from '../api/create-booking-from-request.ts';
import { type RequestBookingDraft, useRequestBookingDraft } from '../api/get-request-booking-draft.ts';

type FormValues = v.InferInput<typeof requestBookingSchema>;
const FIELDS = ['booking_amount', 'booking_deposit', 'payment_method', 'booking_status'] as const;
const NOT_SAVED = 'The booking could not be created.';

function BookingLink({ id }: { id: number }) {
  return (
    <Link to="/booking-details/$id" params={{ id }} className={buttonClass('secondary', 'sm')}>
      View booking #{id}
    </Link>
  );
}

/**
 * "Create booking" on an accepted request whose hold still runs and that has no booking yet:
 * the request becomes its booking in one step, priced by the server, with amount, deposit,
 * payment method and status to adjust. Once booked, a link to the booking instead.
 */
export function CreateBookingPanel({ request }: { request: StaffBookingRequest }) {
  const [created, setCreated] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const bookingId = created ?? request.booking_id;
  const bookable = request.status === 'accepted' && !request.has_booking && !isHoldExpired(request, new Date());
  if (bookingId === null && !bookable) return null;

  return (
    <section className="panel review-booking" aria-labelledby="review-booking-title">
      <h2 id="review-booking-title" className="review-section-title">
        Booking
      </h2>
      {bookingId !== null ? (
        <StatusMessage tone="success" action={<BookingLink id={bookingId} />}>
          {created !== null
            ? `Booking #${bookingId} created from this request.`
            : `This request is booked: booking #${bookingId}.`}
        </StatusMessage>
      ) : open ? (
        <DraftForm request={request} onCreated={setCreated} onCancel={() => setOpen(false)} />
      ) : (
        <>
          <p className="review-note">
            Make this request into a booking without retyping it: vehicle, dates, times and places are taken from the
            request.
          </p>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Create booking
          </Button>
        </>
      )}
    </section>
  );
}

function DraftForm(props: { request: StaffBookingRequest; onCreated: (id: number) => void; onCancel: () => void }) {
  const draft = useRequestBookingDraft(props.request.id, true);
  if (draft.data) return <BookingForm {...props} draft={draft.data} />;
  if (draft.isError) {
    return (
      <StatusMessage
        tone="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void draft.refetch()}>
            Retry
          </Button>
        }
      >
        The booking could not be prepared. Check your connection and try again.
      </StatusMessage>
    );
  }
  return (
    <p className="review-note" role="status">
      {draft.fetchStatus === 'paused' ? 'Creating a booking needs a connection.' : 'Preparing the booking...'}
    </p>
  );
}

function BookingForm({
  request,
  draft,
  onCreated,
  onCancel,
}: {
  request: StaffBookingRequest;
  draft: RequestBookingDraft;
  onCreated: (id: number) => void;
  onCancel: () => void;
}) {
  const online = useOnline();
  const create = useCreateBookingFromRequest(request.id);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<FormValues, unknown, RequestBookingInput>({
    resolver: valibotResolver(requestBookingSchema),
    defaultValues: {
      booking_amount: draft.booking_amount,
      booking_deposit: draft.booking_deposit,
      payment_method: 'cash',
      booking_status: 'confirmed',
    },
  });
  useDirtyForm(isDirty);
  const person = request.customer_details;
  const forWhom = draft.customer
    ? `For ${draft.customer.first_name} ${draft.customer.last_name} (${draft.customer.email}), from your customers.`
    : `A customer record will be made for ${person.first_name} ${person.last_name} (${person.email}).`;

  // Checked with the server's schema, sent as typed: the server reads the amounts itself.
  const submit = async () => {
    setOutcome(null);
    const input = getValues();
    const body = JSON.stringify(input);
    // A repeat of the very same attempt (a lost reply, a double tap) keeps its key: one booking only.
    if (attempt.current?.body !== body) attempt.current = { key: crypto.randomUUID(), body };
    try {
      const booking = await create.mutateAsync({ input, idempotencyKey: attempt.current.key });
      onCreated(booking.id);
    } catch (error) {
      if (!(error instanceof NetworkError)) attempt.current = null;
      setOutcome(refusalOf(error, setError, FIELDS, NOT_SAVED));
    }
  };
  // handleSubmit is called at submit time, not while rendering: the handler reads and writes a ref.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => handleSubmit(submit)(event);

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Create booking">
      <p className="review-note">
        {draft.days} {draft.days === 1 ? 'day' : 'days'} at the vehicle&apos;s price. {forWhom}
      </p>
      {!online ? <StatusMessage tone="warning">Creating a booking needs a connection.</StatusMessage> : null}
      <div className="form__row">
        <TextField
          label="Booking amount"
          inputMode="decimal"
          error={errors.booking_amount?.message}
          {...register('booking_amount')}
        />
        <TextField
          label="Deposit"
          inputMode="decimal"
          error={errors.booking_deposit?.message}
          {...register('booking_deposit')}
        />
      </div>
      <div className="form__row">
        <SelectField label="Payment method" error={errors.payment_method?.message} {...register('payment_method')}>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {paymentMethodLabel(method)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Booking status" error={errors.booking_status?.message} {...register('booking_status')}>
          {NEW_BOOKING_STATUSES.map((status) => (
            <option key={status} value={status}>
              {bookingStatusLabel(status)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="form__actions">
        <Refusal message={outcome} focusKey={create.error} />
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting || !online}>
          {isSubmitting ? 'Creating...' : 'Create booking'}
        </Button>
      </div>
    </form>
  );
}

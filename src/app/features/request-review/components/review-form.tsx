import { valibotResolver } from '@hookform/resolvers/valibot';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import type { StaffBookingRequest } from '#domain/api/booking-requests';
import { requestReviewSchema, type RequestReviewInput } from '#domain/schemas/booking-request';
import { Button } from '../../../components/button.tsx';
import { SelectField, TextAreaField } from '../../../components/text-field.tsx';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { RefusalMessage } from '#app/offline/refusal-message';
import { type Delivery, useOutboxFormSubmit } from '#app/offline/use-outbox-form-submit';
import { requestClashesQueryOptions } from '../api/get-request-clashes.ts';
import { reviewRequest } from '../api/review-request.ts';
import { flashAfterReview, type ReviewFlash } from '../review-flash.ts';
import { DECISION_OPTIONS } from '../review-labels.ts';
import { showClashes } from './clashes-panel.tsx';
// The refusal message reused from the request forms is styled there.

type FormValues = v.InferInput<typeof requestReviewSchema>;

const FIELDS = ['status', 'staff_notes'] as const;
const REFUSED = 'The review could not be saved.';

/** What the list says when the review screen returns to it, by what became of the review. */
const FLASH: Record<Delivery, ReviewFlash> = {
  sent: { tone: 'success', text: 'Review saved.', kept: false },
  offline: {
    tone: 'warning',
    text: 'You are offline or the server cannot be reached, so the review is saved on this device. It will be sent automatically when the connection returns.',
    kept: true,
  },
  queued: { tone: 'info', text: 'The review is saved on this device and will be sent in a moment.', kept: true },
  retrying: {
    tone: 'warning',
    text: 'The server could not save the review. It is kept on this device and will be sent again automatically.',
    kept: true,
  },
  'waiting-for-sign-in': {
    tone: 'warning',
    text: 'The review is saved on this device. It will be sent automatically when you sign in again.',
    kept: true,
  },
};

function defaults(request: StaffBookingRequest): FormValues {
  return { status: request.status, staff_notes: request.staff_notes ?? '' };
}

/**
 * Status (Pending, Accept, Decline) and Staff Notes, saved through the outbox: sent or kept on
 * this device, the screen returns to the list, which tells which; a refusal stays on the form.
 */
export function ReviewForm({ request }: { request: StaffBookingRequest }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormValues, unknown, RequestReviewInput>({
    resolver: valibotResolver(requestReviewSchema),
    defaultValues: defaults(request),
  });
  const { submit, delivery, refusal } = useOutboxFormSubmit(setError, FIELDS);
  useDirtyForm(isDirty && delivery === null);

  // A fresher copy of the request (the cached one was refreshed) fills the form, unless the user has started.
  useEffect(() => {
    if (!isDirty) reset(defaults(request));
  }, [request, isDirty, reset]);

  useEffect(() => {
    if (delivery === null) return;
    flashAfterReview(FLASH[delivery]);
    void navigate({ to: '/bookings/requests' });
  }, [delivery, navigate]);

  // Dates taken since the page opened (a booking, a hold, a period): the clashes above are asked again.
  const datesTaken = refusal?.fieldNames.includes('start_date') ?? false;
  useEffect(() => {
    if (datesTaken) void queryClient.invalidateQueries({ queryKey: requestClashesQueryOptions(request.id).queryKey });
  }, [datesTaken, refusal, queryClient, request.id]);

  const onSubmit = handleSubmit((input) => submit(reviewRequest(request, input)));

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Review">
      <SelectField label="Status" error={errors.status?.message} {...register('status')}>
        {DECISION_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Staff Notes"
        rows={5}
        hint="When the status changes to Accept or Decline, the customer is e-mailed the decision with these notes."
        error={errors.staff_notes?.message}
        {...register('staff_notes')}
      />
      {refusal ? (
        <RefusalMessage
          title={REFUSED}
          refusal={refusal}
          action={
            datesTaken ? (
              <Button variant="secondary" size="sm" onClick={showClashes}>
                Show clashes
              </Button>
            ) : null
          }
        />
      ) : null}
      <Button type="submit" className="form__submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Save Review'}
      </Button>
    </form>
  );
}

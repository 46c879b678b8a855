import { valibotResolver } from '@hookform/resolvers/valibot';
import { useId, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { ApiCustomer } from '#domain/api/customers';
import type { QuoteView } from '#domain/api/quotes';
import { finalizeSchema, type FinalizeInput } from '#domain/schemas/customer';
import { Link } from '@tanstack/react-router';
import { Button, buttonClass } from '../../../../components/button.tsx';
import { Refusal } from '../../../../components/refusal.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { refusalParts } from '../../../../lib/form-errors.ts';
import { useFinalizeBookingRequest } from '../../api/finalize-booking-request.ts';
import { DetailsGroup } from './details-group.tsx';
import {
  ADDRESS_FIELDS,
  DETAILS_FIELD_NAMES,
  detailsDefaults,
  groupOf,
  KIN_FIELDS,
  type DetailsValues,
} from './details-fields.ts';

type Group = 'address' | 'kin';

/** SPEC §8's sentence; the server's reason follows it unless the fields say it. */
const FAILED = 'Failed to confirm booking.';

/** What the customer is told after a refused confirmation, beside Confirm Booking. */
interface Failure {
  text: string;
  /** A field holds the server's message and takes the focus instead. */
  placed: boolean;
  /** The request cannot be confirmed any more (declined, expired, booked): the way back to the list. */
  final: boolean;
  error: unknown;
}

/** The step 3 form, kept by the wizard so that going back to step 2 does not lose the edits. */
export function useDetailsForm(customer: ApiCustomer) {
  return useForm<DetailsValues, unknown, FinalizeInput>({
    resolver: valibotResolver(finalizeSchema),
    defaultValues: detailsDefaults(customer),
  });
}

export type DetailsForm = ReturnType<typeof useDetailsForm>;

/** What the wizard adds to the confirmation of the price (issue 21): the choice and the total shown. */
export interface PriceChoice {
  extras: { extra_id: number; quantity: number }[];
  driver_age: number | null;
  /** The total on screen (a decimal string), or null when none is shown (a request sent before quotes). */
  expected_total: string | null;
}

interface DetailsStepProps {
  requestId: number;
  form: DetailsForm;
  payNow: boolean;
  price: PriceChoice;
  /** The total to confirm, said above the button ("Total £512.40"); null when there is none. */
  total: ReactNode;
  /** Shown above the button after the price changed: the new quote to check. */
  priceBlock: ReactNode;
  /** The server's new quote when the price changed since it was shown (409 on expected_total). */
  onPriceChanged: (quote: QuoteView) => void;
  /** Why Confirm cannot be pressed now (offline, license not uploaded yet), or null. */
  blocked: string | null;
  onBack: () => void;
  onConfirmed: (bookingId: number) => void;
}

/** Step 3: address and first next of kin, then the confirmation itself (POST …/finalize/). */
export function DetailsStep({
  requestId,
  form,
  payNow,
  price,
  total,
  priceBlock,
  onPriceChanged,
  blocked,
  onBack,
  onConfirmed,
}: DetailsStepProps) {
  const finalize = useFinalizeBookingRequest(requestId);
  const blockedId = useId();
  const [editing, setEditing] = useState<Record<Group, boolean>>({ address: false, kin: false });
  const [failure, setFailure] = useState<Failure | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    setFocus,
    formState: { errors },
  } = form;

  // A field with an error in a read-only group: open the group, then put the cursor in the field
  // (the group is drawn at once, so that its fields are there to take the focus).
  const openGroupsOf = (names: string[]) => {
    const groups = names.map(groupOf).filter((group): group is Group => group !== null);
    if (!groups.length) return;
    flushSync(() =>
      setEditing((current) => ({ ...current, ...Object.fromEntries(groups.map((group) => [group, true])) })),
    );
    const first = names.find((name) => groupOf(name) !== null);
    if (first) setFocus(first as keyof DetailsValues);
  };

  const onInvalid = (invalid: FieldErrors<DetailsValues>) => openGroupsOf(Object.keys(invalid));

  const onSubmit = handleSubmit((input) => {
    setFailure(null);
    finalize.mutate(
      { ...input, pay_now: payNow, ...price },
      {
        onSuccess: (reply) => onConfirmed(reply.booking_id),
        onError: (error) => {
          // The price moved since it was shown: the new quote is shown and the customer confirms again.
          if (error instanceof ApiError && error.status === 409 && error.body.quote) {
            onPriceChanged(error.body.quote);
            setFailure({ text: error.message, placed: false, final: false, error });
            return;
          }
          const { fields, message } = refusalParts(error, DETAILS_FIELD_NAMES, '');
          for (const [name, text] of Object.entries(fields)) {
            setError(name as keyof DetailsValues, { type: 'server', message: text });
          }
          // The field's group opens and the field takes the focus; the sentence beside the button stays said.
          openGroupsOf(Object.keys(fields));
          setFailure({
            text: message ? `${FAILED} ${message}` : FAILED,
            placed: Object.keys(fields).length > 0,
            // An extra out of stock is changed on the payment step; other conflicts end the request.
            final: error instanceof ApiError && error.status === 409 && !('extras' in error.fields),
            error,
          });
        },
      },
    );
  }, onInvalid);

  const values = watch();
  const submitting = finalize.isPending;
  const toggle = (group: Group) => setEditing((current) => ({ ...current, [group]: !current[group] }));

  return (
    <form className="form details-step" onSubmit={onSubmit} noValidate>
      <p className="wizard__lead">
        Check your address and next of kin. Press Edit to change them; they are saved with your booking.
      </p>
      <DetailsGroup
        title="Address"
        fields={ADDRESS_FIELDS}
        values={values}
        editing={editing.address}
        onToggle={() => toggle('address')}
        register={register}
        errors={errors}
      />
      <DetailsGroup
        title="Next of kin"
        fields={KIN_FIELDS}
        values={values}
        editing={editing.kin}
        onToggle={() => toggle('kin')}
        register={register}
        errors={errors}
      />
      {priceBlock}
      {total}
      {blocked ? (
        <p id={blockedId} className="wizard__blocked">
          {blocked}
        </p>
      ) : null}
      <div className="wizard__nav">
        <Refusal
          className="refusal--block"
          message={failure?.text}
          focusKey={failure?.error}
          takeFocus={!failure?.placed}
          action={
            failure?.final ? (
              <Link to="/customer/booking-requests" className={buttonClass('secondary', 'sm')}>
                Booking Requests
              </Link>
            ) : null
          }
        />
        <Button variant="secondary" onClick={onBack} disabled={submitting}>
          Back
        </Button>
        <Button
          type="submit"
          disabled={submitting || finalize.isSuccess || blocked !== null}
          aria-describedby={blocked ? blockedId : undefined}
        >
          {submitting ? 'Submitting...' : 'Confirm Booking'}
        </Button>
      </div>
    </form>
  );
}

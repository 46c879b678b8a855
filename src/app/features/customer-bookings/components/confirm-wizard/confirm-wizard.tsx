import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { isIsoDate } from '#domain/dates';
import type { CustomerBookingRequest } from '#domain/api/bookings';
import type { ApiCustomer } from '#domain/api/customers';
import type { QuoteView } from '#domain/api/quotes';
import { Button } from '../../../../components/button.tsx';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import { useDirtyForm } from '../../../../lib/dirty-forms.ts';
import { useOnline } from '../../../../offline/connectivity.ts';
import { useCurrency } from '#app/lib/currency';
import { VehicleThumb } from '../vehicle-thumb.tsx';
import { estimateTotal, quoteQueryOptions, type RentalQuote } from '../../../booking-requests/index.ts';
import { type DetailsForm, DetailsStep, type PriceChoice, useDetailsForm } from './details-step.tsx';
import { LicenseStep } from './license-step.tsx';
import { PaymentStep } from './payment-step.tsx';
import { useLicenseUpload } from './use-license-upload.ts';
import { WIZARD_STEPS, WizardProgress } from './wizard-progress.tsx';
import {
  choiceAge,
  choiceChanged,
  initialChoice,
  PricedChoice,
  shownTotal,
  type WizardChoice,
  WizardPrice,
} from './wizard-price.tsx';

interface ConfirmWizardProps {
  request: CustomerBookingRequest;
  customer: ApiCustomer;
  onConfirmed: (bookingId: number) => void;
}

const OFFLINE_REASON =
  'You are offline. Confirming a booking needs a connection: press Confirm Booking when you are back online.';
const LICENSE_WAITING_REASON =
  "Your driver's license must be uploaded before you can confirm. It is saved on this device and will be sent as soon as the connection returns.";

/**
 * SPEC §2's three steps: license, payment choice with the price (the extras and driver's age may
 * change there, re-quoted at once; issue 21), details and confirmation. The total shown is sent
 * with the confirmation: when the agency's rates changed meanwhile the server refuses it with the
 * new quote, shown above Confirm Booking to be confirmed again.
 */
export function ConfirmWizard(props: ConfirmWizardProps) {
  const { request, customer } = props;
  const [choice, setChoice] = useState<WizardChoice>(() => initialChoice(request));
  const detailsForm = useDetailsForm(customer);
  // The date of birth as typed on the license step prices the driver's age, as the server will.
  const typedBirth = useWatch({ control: detailsForm.control, name: 'date_of_birth' });
  const birth = typeof typedBirth === 'string' && isIsoDate(typedBirth) ? typedBirth : null;
  return (
    <PricedChoice request={request} choice={choice} birth={birth}>
      {(rental) => (
        <WizardSteps
          {...props}
          detailsForm={detailsForm}
          birth={birth}
          choice={choice}
          onChoice={setChoice}
          rental={rental}
        />
      )}
    </PricedChoice>
  );
}

interface WizardStepsProps extends ConfirmWizardProps {
  detailsForm: DetailsForm;
  birth: string | null;
  choice: WizardChoice;
  onChoice: (choice: WizardChoice) => void;
  rental: RentalQuote | null;
}

function WizardSteps({
  request,
  customer,
  onConfirmed,
  detailsForm,
  birth,
  choice,
  onChoice,
  rental,
}: WizardStepsProps) {
  const [step, setStep] = useState(0);
  const [payNow, setPayNow] = useState(true);
  // Set when the server refused the total shown: the new quote is then shown beside Confirm Booking.
  const [priceChanged, setPriceChanged] = useState(false);
  const queryClient = useQueryClient();
  const upload = useLicenseUpload();
  // A new version of the app waits rather than reload over details being edited.
  useDirtyForm(detailsForm.formState.isDirty);
  const online = useOnline();
  const currency = useCurrency();
  const headingId = useId();
  const needLicenseId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // A new step replaces the panel's content: take screen-reader and keyboard users to its heading.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);

  const status = upload.state.status;
  const hasLicense = Boolean(customer.drivers_license) || status === 'sent' || status === 'queued' || upload.waiting;
  const blocked = !online ? OFFLINE_REASON : upload.waiting ? LICENSE_WAITING_REASON : null;
  const name = `${request.vehicle_details.make} ${request.vehicle_details.model}`;
  const changed = choiceChanged(request, choice, birth);
  const total = shownTotal(request, rental, changed);
  // A request sent before quotes, unchanged, is still booked by the day.
  const estimate =
    total === null ? estimateTotal(request.vehicle_details.price_per_day, request.start_date, request.end_date) : null;
  const price: PriceChoice = {
    extras: choice.extras.map((extra) => ({ extra_id: extra.extraId, quantity: extra.quantity })),
    driver_age: choiceAge(request, choice, birth),
    expected_total: total,
  };
  const onPriceChanged = (quote: QuoteView) => {
    // The server's quote for this very choice: the panel shows it as the agency's, at once.
    queryClient.setQueryData(
      quoteQueryOptions({
        vehicle_id: request.vehicle,
        start_date: request.start_date,
        end_date: request.end_date,
        pickup_time: request.pickup_time,
        dropoff_time: request.dropoff_time,
        pickup_location_id: request.pickup_location?.id ?? null,
        dropoff_location_id: request.dropoff_location?.id ?? null,
        extras: price.extras,
        driver_age: price.driver_age,
      }).queryKey,
      quote,
    );
    setPriceChanged(true);
  };
  const priceBlock = (
    <WizardPrice
      request={request}
      rental={rental}
      choice={choice}
      onChoice={onChoice}
      birth={birth}
      changed={changed}
      currency={currency}
    />
  );

  return (
    <div className="wizard">
      <div className="wizard__summary">
        <VehicleThumb src={request.vehicle_details.main_image} name={name} />
        <div>
          <p className="wizard__vehicle">{name}</p>
          <p className="wizard__dates">
            {formatDate(request.start_date)} – {formatDate(request.end_date)} · {request.pickup_time} to{' '}
            {request.dropoff_time}
          </p>
          <p className="wizard__dates">
            {total !== null
              ? `Total ${formatMoney(total, currency)} · `
              : estimate
                ? `Total ${formatMoney(estimate.total, currency)} for ${estimate.days} ${estimate.days === 1 ? 'day' : 'days'} · `
                : null}
            Deposit {formatMoney(request.deposit, currency)}
          </p>
        </div>
      </div>
      <WizardProgress current={step} invalid={status === 'failed' ? [0] : []} />
      <section className="panel wizard__panel" aria-labelledby={headingId}>
        <h2 id={headingId} ref={heading} tabIndex={-1} className="wizard__title">
          <span className="wizard__step-count">
            Step {step + 1} of {WIZARD_STEPS.length}
          </span>{' '}
          {WIZARD_STEPS[step]}
        </h2>
        {step === 0 ? (
          <>
            <LicenseStep customer={customer} upload={upload} hasLicense={hasLicense} form={detailsForm} />
            {!hasLicense ? (
              <p id={needLicenseId} className="wizard__blocked">
                Upload your driver&apos;s license to continue.
              </p>
            ) : null}
            <div className="wizard__nav">
              <Button
                onClick={() => {
                  // The license step's fields are checked here, beside them, not two steps later.
                  void detailsForm
                    .trigger(['date_of_birth', 'license_number', 'license_expiry'], { shouldFocus: true })
                    .then((valid) => {
                      if (valid) setStep(1);
                    });
                }}
                disabled={!hasLicense || status === 'uploading'}
                aria-describedby={hasLicense ? undefined : needLicenseId}
              >
                Next
              </Button>
            </div>
          </>
        ) : step === 1 ? (
          <>
            {priceBlock}
            <PaymentStep deposit={request.deposit} currency={currency} payNow={payNow} onPayNowChange={setPayNow} />
            <div className="wizard__nav">
              <Button variant="secondary" onClick={() => setStep(0)}>
                Back
              </Button>
              <Button onClick={() => setStep(2)}>Next</Button>
            </div>
          </>
        ) : (
          <DetailsStep
            requestId={request.id}
            form={detailsForm}
            payNow={payNow}
            price={price}
            total={
              total !== null ? (
                <p className="wizard__total">
                  <span>Total to confirm</span> <strong>{formatMoney(total, currency)}</strong>
                </p>
              ) : null
            }
            priceBlock={priceChanged ? priceBlock : null}
            onPriceChanged={onPriceChanged}
            blocked={blocked}
            onBack={() => setStep(1)}
            onConfirmed={onConfirmed}
          />
        )}
      </section>
    </div>
  );
}

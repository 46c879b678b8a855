import { useEffect, useId, useRef, useState } from 'react';
import type { CustomerBookingRequest } from '#domain/api/bookings';
import type { ApiCustomer } from '#domain/api/customers';
import { Button } from '../../../../components/button.tsx';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import { useDirtyForm } from '../../../../lib/dirty-forms.ts';
import { useOnline } from '../../../../offline/connectivity.ts';
import { useCurrency } from '#app/lib/currency';
import { VehicleThumb } from '../vehicle-thumb.tsx';
import { estimateTotal } from '../../../booking-requests/index.ts';
import { DetailsStep, useDetailsForm } from './details-step.tsx';
import { LicenseStep } from './license-step.tsx';
import { PaymentStep } from './payment-step.tsx';
import { useLicenseUpload } from './use-license-upload.ts';
import { WIZARD_STEPS, WizardProgress } from './wizard-progress.tsx';

interface ConfirmWizardProps {
  request: CustomerBookingRequest;
  customer: ApiCustomer;
  onConfirmed: (bookingId: number) => void;
}

const OFFLINE_REASON =
  'You are offline. Confirming a booking needs a connection: press Confirm Booking when you are back online.';
const LICENSE_WAITING_REASON =
  "Your driver's license must be uploaded before you can confirm. It is saved on this device and will be sent as soon as the connection returns.";

/** SPEC §2's three steps: license, payment choice, details and confirmation. */
export function ConfirmWizard({ request, customer, onConfirmed }: ConfirmWizardProps) {
  const [step, setStep] = useState(0);
  const [payNow, setPayNow] = useState(true);
  const upload = useLicenseUpload();
  const detailsForm = useDetailsForm(customer);
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
  const estimate = estimateTotal(request.vehicle_details.price_per_day, request.start_date, request.end_date);

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
            {estimate
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
            <LicenseStep customer={customer} upload={upload} hasLicense={hasLicense} />
            {!hasLicense ? (
              <p id={needLicenseId} className="wizard__blocked">
                Upload your driver&apos;s license to continue.
              </p>
            ) : null}
            <div className="wizard__nav">
              <Button
                onClick={() => setStep(1)}
                disabled={!hasLicense || status === 'uploading'}
                aria-describedby={hasLicense ? undefined : needLicenseId}
              >
                Next
              </Button>
            </div>
          </>
        ) : step === 1 ? (
          <>
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
            blocked={blocked}
            onBack={() => setStep(1)}
            onConfirmed={onConfirmed}
          />
        )}
      </section>
    </div>
  );
}

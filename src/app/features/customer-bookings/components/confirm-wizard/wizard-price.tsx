import type { ReactNode } from 'react';
import type { CustomerBookingRequest } from '#domain/api/bookings';
import { isIsoDate } from '#domain/dates';
import { formatMoney as toDecimal } from '#domain/money';
import { ageOn } from '#domain/schemas/customer';
import { LoadingState } from '../../../../components/loading-state.tsx';
import { TextField } from '../../../../components/text-field.tsx';
import {
  type ChosenExtra,
  ExtrasFieldset,
  QuotePanel,
  type RentalChoice,
  type RentalQuote,
  StoredQuoteLines,
  usePublicVehicle,
  useRentalQuote,
} from '../../../booking-requests/index.ts';

/** What the wizard lets the customer change of their request's price (issue 21). */
export interface WizardChoice {
  extras: ChosenExtra[];
  /** The driver's age as typed; read only when the customer's record has no date of birth. */
  ageText: string;
}

/** The choice the request was sent with: its stored extras and the age it was priced for. */
export function initialChoice(request: CustomerBookingRequest): WizardChoice {
  return {
    extras: (request.quote?.extras ?? [])
      .map((extra) => ({ extraId: extra.extra_id, quantity: extra.quantity }))
      .sort((a, b) => a.extraId - b.extraId),
    ageText: request.driver_age === null ? '' : String(request.driver_age),
  };
}

function typedAge(text: string): number | null {
  const age = Number(text);
  return text.trim() !== '' && Number.isInteger(age) ? age : null;
}

/** The driver's age the server prices: from the date of birth when known, else the one typed. */
export function choiceAge(request: CustomerBookingRequest, choice: WizardChoice, birth: string | null): number | null {
  return birth && isIsoDate(request.start_date) ? ageOn(birth, request.start_date) : typedAge(choice.ageText);
}

/**
 * Whether the choice is not the request's any more, by the server's rule (finalize-quote.ts): a
 * request with a quote is booked at it while its extras and driver's age stay; one sent before
 * quotes, by the day unless extras or an age are given.
 */
export function choiceChanged(request: CustomerBookingRequest, choice: WizardChoice, birth: string | null): boolean {
  const age = choiceAge(request, choice, birth);
  if (!request.quote) return choice.extras.length > 0 || (!birth && age !== null);
  const stored = initialChoice(request).extras;
  const sameExtras =
    stored.length === choice.extras.length &&
    choice.extras.every((extra) =>
      stored.some((kept) => kept.extraId === extra.extraId && kept.quantity === extra.quantity),
    );
  return !sameExtras || age !== request.driver_age;
}

/** The choice as the quote reads it: the request's vehicle, dates, times and places, and the wizard's extras and age. */
function rentalChoice(request: CustomerBookingRequest, choice: WizardChoice, birth: string | null): RentalChoice {
  return {
    startDate: request.start_date,
    endDate: request.end_date,
    pickupTime: request.pickup_time,
    dropoffTime: request.dropoff_time,
    pickupLocationId: request.pickup_location?.id ?? null,
    dropoffLocationId: request.dropoff_location?.id ?? null,
    extras: choice.extras,
    driverAge: choiceAge(request, choice, birth),
  };
}

interface PricedChoiceProps {
  request: CustomerBookingRequest;
  choice: WizardChoice;
  birth: string | null;
  children: (rental: RentalQuote | null) => ReactNode;
}

/**
 * Prices the wizard's choice like the request forms do (on the device from the agency's cached
 * plan at once, confirmed by POST quotes/) once the vehicle is known; until then, nothing to price.
 */
export function PricedChoice({ request, choice, birth, children }: PricedChoiceProps) {
  const { vehicle, query } = usePublicVehicle(request.vehicle);
  if (vehicle) {
    return (
      <WithQuote vehicle={vehicle} choice={rentalChoice(request, choice, birth)}>
        {children}
      </WithQuote>
    );
  }
  // Waited for while it loads, so the steps do not start over when it arrives.
  if (query.isPending && query.fetchStatus === 'fetching') {
    return <LoadingState label="Loading the prices..." />;
  }
  return children(null);
}

function WithQuote({
  vehicle,
  choice,
  children,
}: {
  vehicle: Parameters<typeof useRentalQuote>[0];
  choice: RentalChoice;
  children: (rental: RentalQuote) => ReactNode;
}) {
  return children(useRentalQuote(vehicle, choice));
}

/** The total the screen shows, as a decimal string: the stored quote's while unchanged, else the new quote's. */
export function shownTotal(request: CustomerBookingRequest, rental: RentalQuote | null, changed: boolean) {
  if (!changed) return request.quote?.total ?? null;
  return rental?.quote ? toDecimal(rental.quote.total) : null;
}

interface WizardPriceProps {
  request: CustomerBookingRequest;
  rental: RentalQuote | null;
  choice: WizardChoice;
  onChoice: (choice: WizardChoice) => void;
  birth: string | null;
  changed: boolean;
  currency: string;
  /** The server's word on the extras at confirmation (e.g. one out of stock). */
  extrasError?: string;
}

/**
 * The price in the wizard (issue 21): the extras to add or drop and, where the agency charges young
 * drivers and the customer's record has no date of birth, the driver's age; under them the quote —
 * the request's stored one while nothing changed, else the new choice's, updated at once.
 */
export function WizardPrice({
  request,
  rental,
  choice,
  onChoice,
  birth,
  changed,
  currency,
  extrasError,
}: WizardPriceProps) {
  const plan = rental?.plan ?? null;
  const problem = (field: string) => (rental?.problem?.field === field ? rental.problem.message : undefined);
  return (
    <div className="wizard-price">
      {plan ? (
        <ExtrasFieldset
          extras={plan.extras}
          chosen={choice.extras}
          currency={plan.currency}
          error={extrasError ?? problem('extras')}
          onChange={(extras) => onChoice({ ...choice, extras })}
        />
      ) : null}
      {plan?.fees.youngDriver && !birth ? (
        <TextField
          label="Driver's age"
          type="number"
          inputMode="numeric"
          min={16}
          max={120}
          hint={`Drivers under ${plan.fees.youngDriver.underAge} pay a young-driver fee.`}
          error={problem('driver_age')}
          value={choice.ageText}
          onChange={(event) => onChoice({ ...choice, ageText: event.target.value })}
        />
      ) : null}
      {!changed && request.quote ? (
        <section className="quote" aria-label="Price">
          <h3 className="quote__title">Your quote</h3>
          <StoredQuoteLines quote={request.quote} currency={currency} />
          <p className="quote__hint">The price the agency gave when you sent the request.</p>
        </section>
      ) : rental ? (
        <QuotePanel rental={rental} />
      ) : null}
    </div>
  );
}

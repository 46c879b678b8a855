import type { UseFormRegisterReturn } from 'react-hook-form';
import type { RentalQuote } from '../use-rental-quote.ts';
import { DriverAgeField } from './driver-age-field.tsx';
import { ExtrasFieldset, type ChosenExtra } from './extras-fieldset.tsx';
import { QuotePanel } from './quote-panel.tsx';

interface ExtrasAndQuoteProps {
  rental: RentalQuote;
  chosen: ChosenExtra[];
  onExtrasChange: (next: ChosenExtra[]) => void;
  /** `register('driver_age')` while the age is asked (the agency charges young drivers), else null. */
  driverAgeField: UseFormRegisterReturn | null;
  /** The form's own messages on these fields; the quote's refusal on the field otherwise. */
  extrasError: string | undefined;
  driverAgeError: string | undefined;
}

/** The end of both request forms' rental choice: the extras, the driver's age and the quote of them. */
export function ExtrasAndQuote({
  rental,
  chosen,
  onExtrasChange,
  driverAgeField,
  extrasError,
  driverAgeError,
}: ExtrasAndQuoteProps) {
  const { plan, problem } = rental;
  const youngDriver = plan?.fees.youngDriver ?? null;
  const quoteProblem = (field: string) => (problem?.field === field ? problem.message : undefined);
  return (
    <>
      {plan ? (
        <ExtrasFieldset
          extras={plan.extras}
          chosen={chosen}
          currency={plan.currency}
          error={extrasError ?? quoteProblem('extras')}
          onChange={onExtrasChange}
        />
      ) : null}
      {youngDriver && driverAgeField ? (
        <DriverAgeField
          field={driverAgeField}
          underAge={youngDriver.underAge}
          error={driverAgeError ?? quoteProblem('driver_age')}
        />
      ) : null}
      <QuotePanel rental={rental} />
    </>
  );
}

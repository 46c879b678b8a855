import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { onIdle } from '../../../lib/idle.ts';
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

/** The same choice with `extraId` ticked, or unticked if it was. */
function toggled(chosen: ChosenExtra[], extraId: number): ChosenExtra[] {
  return chosen.some((extra) => extra.extraId === extraId)
    ? chosen.filter((extra) => extra.extraId !== extraId)
    : [...chosen, { extraId, quantity: 1 }].sort((a, b) => a.extraId - b.extraId);
}

/**
 * The first change after the page loads took twice as long as the next ones at 4× CPU (53–81 ms
 * against 16–30, issue 21's budget being 50): the code it runs — the form's setValue, the extras'
 * and the quote's render, their DOM updates — had not run yet. So once the first price is on
 * screen, when the browser is idle, the first extra is ticked and unticked again within one task
 * (decision 055): nothing is painted, sent (the server is asked only once a choice stays 300 ms)
 * or announced in between, and the person's first change runs code that has run before. Once per
 * form.
 */
function useWarmChange(
  ready: boolean,
  extraId: number | null,
  chosen: ChosenExtra[],
  onChange: (next: ChosenExtra[]) => void,
) {
  const warmed = useRef(false);
  useEffect(() => {
    if (warmed.current || !ready || extraId === null) return;
    return onIdle(() => {
      warmed.current = true;
      flushSync(() => onChange(toggled(chosen, extraId)));
      flushSync(() => onChange(chosen));
    }, 2_000);
  }, [ready, extraId, chosen, onChange]);
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
  useWarmChange(rental.confirmed, plan?.extras[0]?.id ?? null, chosen, onExtrasChange);
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

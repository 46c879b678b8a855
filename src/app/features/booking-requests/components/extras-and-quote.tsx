import { useEffect, useLayoutEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { onIdle } from '../../../lib/idle.ts';
import type { RentalQuote } from '../use-rental-quote.ts';
import { DriverAgeField } from './driver-age-field.tsx';
import { ExtrasFieldset, type ChosenExtra } from './extras-fieldset.tsx';
import { QuotePanel } from './quote-panel.tsx';
import { withQuantity } from '../request-choice.ts';

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

/** How many times the warm-up ticks and unticks: V8 compiles a function better after a few runs. */
const WARM_ROUNDS = 3;

/**
 * The first change after the page loads took twice as long as the next ones at 4× CPU (53–81 ms
 * against 16–30, issue 21's budget being 50): the code it runs — the form's setValue, the extras'
 * and the quote's render, their DOM updates — had not run yet, and V8 runs such code slowly until
 * it has run a few times. So once the first estimate is on screen, when the browser is idle, the
 * first extra is ticked and unticked again within one task, three times, each in its own idle
 * time (decision 055). Nothing is painted, sent (the server is asked only once a choice stays
 * 300 ms) or announced in between. Once per form; it stops when the form goes.
 */
function useWarmChange(
  ready: boolean,
  extraId: number | null,
  chosen: ChosenExtra[],
  onChange: (next: ChosenExtra[]) => void,
) {
  const latest = useRef({ chosen, onChange });
  useLayoutEffect(() => {
    latest.current = { chosen, onChange };
  });
  const started = useRef(false);
  const cancel = useRef(() => {});
  useEffect(() => () => cancel.current(), []);
  useEffect(() => {
    if (started.current || !ready || extraId === null) return;
    started.current = true;
    let left = WARM_ROUNDS;
    const round = () => {
      const { chosen: now, onChange: change } = latest.current;
      flushSync(() => change(withQuantity(now, extraId, now.some((extra) => extra.extraId === extraId) ? 0 : 1)));
      flushSync(() => change(now));
      left -= 1;
      if (left > 0) cancel.current = onIdle(round, 2_000);
    };
    cancel.current = onIdle(round, 2_000);
  }, [ready, extraId]);
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
  useWarmChange(rental.quote !== null, plan?.extras[0]?.id ?? null, chosen, onExtrasChange);
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

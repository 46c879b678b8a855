import { memo, useId } from 'react';
import { formatMoney as toDecimal } from '#domain/money';
import type { Extra } from '#domain/rate-plan';
import { Button } from '../../../components/button.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { withQuantity } from '../request-choice.ts';
import '../quote.css';

export interface ChosenExtra {
  extraId: number;
  quantity: number;
}

interface ExtrasFieldsetProps {
  extras: Extra[];
  chosen: ChosenExtra[];
  onChange: (chosen: ChosenExtra[]) => void;
  currency: string;
  /** The form's or the server's word on the extras, e.g. "Child seat: only 1 left at this pickup location…". */
  error?: string;
}

/** "£6.00 per day, at most £60.00 a rental". */
function priceText(extra: Extra, currency: string): string {
  const price = formatMoney(toDecimal(extra.price), currency);
  const basis = extra.charge === 'per_day' ? `${price} per day` : `${price} per rental`;
  return extra.capPerRental === null
    ? basis
    : `${basis}, at most ${formatMoney(toDecimal(extra.capPerRental), currency)} a rental`;
}

/**
 * The extras the agency offers with the vehicle (issue 21): a box to tick when one is the most a
 * rental takes, a stepper otherwise. Whether one is in stock is the server's word (POST quotes/),
 * said under the list. Memoised: with a stable `chosen` and `onChange` it re-renders only when the
 * choice of extras changes.
 */
export const ExtrasFieldset = memo(function ExtrasFieldset({
  extras,
  chosen,
  onChange,
  currency,
  error,
}: ExtrasFieldsetProps) {
  const errorId = useId();
  if (extras.length === 0) return null;
  const quantityOf = (id: number) => chosen.find((extra) => extra.extraId === id)?.quantity ?? 0;
  const set = (id: number, quantity: number) => onChange(withQuantity(chosen, id, quantity));
  return (
    <fieldset className="form__section extras" aria-describedby={error ? errorId : undefined}>
      <legend className="form__section-title">Extras</legend>
      <ul className="extras__list">
        {extras.map((extra) => {
          const quantity = quantityOf(extra.id);
          const price = priceText(extra, currency);
          return (
            <li key={extra.id} className="extras__item">
              {extra.maxQuantity <= 1 ? (
                <label className="extras__check">
                  <input
                    type="checkbox"
                    checked={quantity > 0}
                    onChange={(event) => set(extra.id, event.target.checked ? 1 : 0)}
                  />
                  <span className="extras__name">{extra.name}</span>
                  <span className="extras__price">{price}</span>
                </label>
              ) : (
                <div className="extras__check" role="group" aria-label={extra.name}>
                  <span className="extras__name">{extra.name}</span>
                  <span className="extras__price">{price}</span>
                  <span className="extras__stepper">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`One fewer ${extra.name}`}
                      disabled={quantity === 0}
                      onClick={() => set(extra.id, quantity - 1)}
                    >
                      −
                    </Button>
                    <output className="extras__quantity" aria-live="polite" aria-label={`${extra.name} quantity`}>
                      {quantity}
                    </output>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`One more ${extra.name}`}
                      disabled={quantity >= extra.maxQuantity}
                      onClick={() => set(extra.id, quantity + 1)}
                    >
                      +
                    </Button>
                  </span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
});

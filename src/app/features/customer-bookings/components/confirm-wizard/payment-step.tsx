import { useId } from 'react';
import { formatMoney } from '../../../../lib/format.ts';

interface PaymentStepProps {
  deposit: string;
  currency: string;
  payNow: boolean;
  onPayNowChange: (payNow: boolean) => void;
}

/**
 * Step 2: the one payment option of SPEC §2, ticked by default (pay_now true). There is no card
 * processor (decision 030): the hint says the deposit is recorded due and paid at the desk.
 */
export function PaymentStep({ deposit, currency, payNow, onPayNowChange }: PaymentStepProps) {
  const hintId = useId();
  return (
    <fieldset className="form__section payment-step">
      <legend className="visually-hidden">Payment</legend>
      <label className={`payment-option${payNow ? ' payment-option--selected' : ''}`}>
        <input
          type="checkbox"
          className="payment-option__input"
          checked={payNow}
          aria-describedby={hintId}
          onChange={(event) => onPayNowChange(event.target.checked)}
        />
        <span className="payment-option__text">
          <span className="payment-option__title">Pay deposit to secure your vehicle</span>
          <span className="payment-option__amount">{formatMoney(deposit, currency)}</span>
        </span>
      </label>
      <p id={hintId} className="field__hint">
        {payNow
          ? 'No card is charged here: the deposit is recorded as due and you pay it at the desk when you collect the vehicle.'
          : 'Without the deposit you pay in cash when you collect the vehicle.'}
      </p>
    </fieldset>
  );
}

import { useId, useState } from 'react';
import { PAYMENT_METHODS, type PaymentMethod } from '#domain/constants';
import { localIsoDate } from '#domain/dates';
import { Button } from '../../../components/button.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { paymentMethodLabel } from '../../../lib/booking-labels.ts';
import { errorMessage } from '../../../lib/form-errors.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useOnline } from '../../../offline/connectivity.ts';
import { useCurrency } from '#app/lib/currency';
import { useBookingMoney, usePaymentWrites, type Payment } from '../api/payments.ts';
import { paymentKindLabel, paymentStatusLabel, paymentStatusTone } from '../payment-labels.ts';
import { RecordPaymentForm } from './record-payment-form.tsx';
import '../payments.css';

/** Booking Details' money: paid, due and deposit held, the booking's payments, and a desk to record more. */
export function BookingPaymentsPanel({ bookingId }: { bookingId: number }) {
  const query = useBookingMoney(bookingId);
  const currency = useCurrency();
  const money = query.data;
  const titleId = useId();
  const show = (amount: string) => formatMoney(amount, currency);
  return (
    <section className="panel booking-payments" aria-labelledby={titleId}>
      <h2 id={titleId} className="booking-payments__title">
        Payments
      </h2>
      {money ? (
        <>
          <dl className="booking-payments__summary">
            <div>
              <dt>Paid</dt>
              <dd>{show(money.paid)}</dd>
            </div>
            <div>
              <dt>Due</dt>
              <dd>{show(money.due)}</dd>
            </div>
            <div>
              <dt>Deposit held</dt>
              <dd>{show(money.deposit_held)}</dd>
            </div>
            {money.deposit_due !== '0.00' ? (
              <div>
                <dt>Deposit due</dt>
                <dd>{show(money.deposit_due)}</dd>
              </div>
            ) : null}
          </dl>
          {money.payments.length === 0 ? (
            <p className="booking-payments__empty">No payments recorded yet.</p>
          ) : (
            <ul className="booking-payments__list" aria-label="Payments of this booking">
              {money.payments.map((payment) => (
                <PaymentLine key={payment.id} payment={payment} currency={currency} />
              ))}
            </ul>
          )}
          <RecordPaymentForm bookingId={bookingId} />
        </>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading payments..."
          failure="The payments could not be loaded."
          offline="The payments will appear when the connection returns."
        />
      )}
    </section>
  );
}

function PaymentLine({ payment, currency }: { payment: Payment; currency: string }) {
  const { markReceived } = usePaymentWrites();
  const online = useOnline();
  const [method, setMethod] = useState<PaymentMethod>(payment.method);
  const methodId = useId();
  const what = `${paymentKindLabel(payment.kind)} of ${formatMoney(payment.amount, currency)}`;
  return (
    <li className="booking-payments__item">
      <div className="booking-payments__line">
        <span>
          <strong>{paymentKindLabel(payment.kind)}</strong> · {formatDate(payment.paid_on)} ·{' '}
          {paymentMethodLabel(payment.method)}
          {payment.reference ? ` · ${payment.reference}` : ''}
        </span>
        <span className="booking-payments__amount">
          {payment.kind === 'refund' ? '−' : ''}
          {formatMoney(payment.amount, currency)}
        </span>
        <StatusBadge tone={paymentStatusTone(payment.status)}>{paymentStatusLabel(payment.status)}</StatusBadge>
      </div>
      {payment.status === 'due' ? (
        <div className="booking-payments__receive">
          <label htmlFor={methodId} className="field__label">
            Paid by
          </label>
          <select
            id={methodId}
            className="field__input field__select"
            value={method}
            onChange={(event) => {
              const chosen = PAYMENT_METHODS.find((option) => option === event.target.value);
              if (chosen) setMethod(chosen);
            }}
          >
            {PAYMENT_METHODS.map((choice) => (
              <option key={choice} value={choice}>
                {paymentMethodLabel(choice)}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            aria-label={`Mark ${what} received`}
            disabled={!online || markReceived.isPending}
            onClick={() => markReceived.mutate({ id: payment.id, method, paidOn: localIsoDate() })}
          >
            {markReceived.isPending ? 'Saving...' : 'Mark received'}
          </Button>
          <Refusal
            className="refusal--block"
            message={
              markReceived.isError
                ? errorMessage(markReceived.error, 'The deposit could not be marked received.')
                : null
            }
            focusKey={markReceived.error}
          />
        </div>
      ) : null}
    </li>
  );
}

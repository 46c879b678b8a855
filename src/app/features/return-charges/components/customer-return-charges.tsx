import { useId } from 'react';
import { formatMoney } from '../../../lib/format.ts';
import { useReturnCharges } from '../api/return-charges.ts';
import { DisputeCharge } from './dispute-charge.tsx';
import { InvoicePaid } from './invoice-paid.tsx';
import '../return-charges.css';

/**
 * The customer's booking page, once the invoice is final: each charge after the return with its
 * working (each can be disputed with a message, and shows the agency's answer), and how the deposit settled them. Nothing before then (or for a return without
 * charges worked out); the photos and readings of both inspections are on the page beside it.
 */
export default function CustomerReturnCharges({ bookingId }: { bookingId: number }) {
  const query = useReturnCharges(bookingId);
  const titleId = useId();
  const charges = query.data;
  const settlement = charges?.settlement;
  if (!charges || !settlement) return null;
  const money = (amount: string) => formatMoney(amount, charges.currency);
  return (
    <section className="panel return-charges" aria-labelledby={titleId}>
      <h2 id={titleId} className="return-charges__title">
        Charges after your return
      </h2>
      {charges.decided.length > 0 ? (
        <ul className="return-charges__list" aria-label="Charges">
          {charges.decided.map((charge) => (
            <li key={charge.id} className="return-charge" aria-label={charge.label}>
              <div className="return-charge__line">
                <span className="return-charge__title">{charge.label}</span>
                <span className="return-charge__amount">{money(charge.amount)}</span>
              </div>
              <p className="return-charge__working">{charge.working}</p>
              <DisputeCharge bookingId={bookingId} charge={charge} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="return-charges__empty">Nothing was charged after your return.</p>
      )}
      <section aria-label="Settlement">
        <h3 className="return-charges__subtitle">Invoice {settlement.invoice_number}</h3>
        <InvoicePaid settlement={settlement} />
        <dl className="return-charges__summary">
          <div>
            <dt>Charges</dt>
            <dd>{money(settlement.charges)}</dd>
          </div>
          <div>
            <dt>Paid from your deposit</dt>
            <dd>{money(settlement.deposit_applied)}</dd>
          </div>
          <div>
            <dt>Refunded to you</dt>
            <dd>{money(settlement.refund)}</dd>
          </div>
          <div>
            <dt>Still to pay</dt>
            <dd>{money(settlement.due)}</dd>
          </div>
        </dl>
      </section>
    </section>
  );
}

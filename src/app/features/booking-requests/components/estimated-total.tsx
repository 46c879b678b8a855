import { formatMoney } from '../../../lib/format.ts';
import { useCurrency } from '#app/lib/currency';
import { estimateTotal } from '../estimate.ts';

interface EstimatedTotalProps {
  pricePerDay: string;
  startDate: string;
  endDate: string;
}

/** Days × price per day for the dates chosen so far, read out again as they change. */
export function EstimatedTotal({ pricePerDay, startDate, endDate }: EstimatedTotalProps) {
  const currency = useCurrency();
  const estimate = estimateTotal(pricePerDay, startDate, endDate);
  return (
    <div className="estimate" aria-live="polite" aria-atomic="true">
      <span className="estimate__label">Estimated total</span>
      {estimate ? (
        <>
          <span className="estimate__amount">{formatMoney(estimate.total, currency)}</span>
          <span className="estimate__detail">
            {estimate.days} {estimate.days === 1 ? 'day' : 'days'} × {formatMoney(pricePerDay, currency)}
          </span>
        </>
      ) : (
        <span className="estimate__detail">Choose your dates to see it.</span>
      )}
    </div>
  );
}

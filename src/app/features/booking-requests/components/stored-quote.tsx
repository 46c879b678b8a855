import type { StoredQuoteView } from '#domain/api/quotes';
import { formatMoney } from '../../../lib/format.ts';
import '../quote.css';

/** A stored line reads "−£36.48" when it takes off, with a real minus sign. */
function money(amount: string, currency: string): string {
  return amount.startsWith('-') ? `\u2212${formatMoney(amount.slice(1), currency)}` : formatMoney(amount, currency);
}

/**
 * The itemised lines a request or a booking was priced with when it was made (issue 21), and their
 * total: what the agency stands behind, whatever the rates are now.
 */
export function StoredQuoteLines({ quote, currency }: { quote: StoredQuoteView; currency: string }) {
  return (
    <table className="quote__lines">
      <caption className="visually-hidden">Price lines</caption>
      <tbody>
        {quote.lines.map((line) => (
          <tr key={line.code} className={`quote__line quote__line--${line.kind}`}>
            <th scope="row">{line.label}</th>
            <td>{money(line.amount, currency)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="quote__total">
          <th scope="row">Total</th>
          <td>{money(quote.total, currency)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** "Price details": the stored lines behind a disclosure, on a request's card. */
export function PriceDetails({ quote, currency }: { quote: StoredQuoteView; currency: string }) {
  return (
    <details className="price-details">
      <summary>Price details</summary>
      <StoredQuoteLines quote={quote} currency={currency} />
    </details>
  );
}

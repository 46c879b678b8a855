import '../quote.css';
import { formatMoney as toDecimal } from '#domain/money';
import type { FuelPolicy, Quote } from '#domain/rate-plan';
import { StatusMessage } from '../../../components/status-message.tsx';
import { formatKm, formatMoney } from '../../../lib/format.ts';
import type { RentalQuote } from '../use-rental-quote.ts';

export const ESTIMATE_TITLE = 'Estimate — confirmed when sent';
export const CONFIRMED_TITLE = 'Your quote';
export const PRICE_CHANGED = "The price changed: the agency's rates were updated.";

const FUEL: Record<FuelPolicy, string> = {
  full_to_full: 'pick it up full and return it full',
  same_to_same: 'return it with the fuel it had',
  prepaid: 'a full tank is paid in advance',
};

/** A reduction reads "−£36.48", with a real minus sign. */
function money(minor: number, currency: string): string {
  const text = formatMoney(toDecimal(Math.abs(minor)), currency);
  return minor < 0 ? `\u2212${text}` : text;
}

function Terms({ quote }: { quote: Quote }) {
  const { terms, currency } = quote;
  const mileage =
    terms.mileageAllowanceKm > 0
      ? `${formatKm(terms.mileageAllowanceKm)} included for the rental` +
        (terms.pricePerExtraKm > 0 ? `, then ${money(terms.pricePerExtraKm, currency)} per km.` : '.')
      : terms.pricePerExtraKm > 0
        ? `${money(terms.pricePerExtraKm, currency)} per km.`
        : 'Unlimited.';
  const fuel =
    `${FUEL[terms.fuelPolicy][0]?.toUpperCase() ?? ''}${FUEL[terms.fuelPolicy].slice(1)}` +
    (terms.fuelPricePerEighth > 0
      ? `; ${money(terms.fuelPricePerEighth, currency)} per eighth of a tank missing.`
      : '.');
  return (
    <dl className="quote__terms">
      <div>
        <dt>Mileage</dt>
        <dd>{mileage}</dd>
      </div>
      <div>
        <dt>Fuel</dt>
        <dd>{fuel}</dd>
      </div>
    </dl>
  );
}

/**
 * The itemised price of the choice so far (issue 21): each line, the tier, tax, total and deposit,
 * then the mileage and fuel terms. Headed as an estimate until the server confirmed it.
 */
export function QuotePanel({ rental }: { rental: RentalQuote }) {
  const { quote, confirmed, changed, problem, planPending, chosen } = rental;
  const title = confirmed ? CONFIRMED_TITLE : ESTIMATE_TITLE;
  return (
    <section className="quote" aria-label="Price" aria-live="polite">
      <h3 className="quote__title">{title}</h3>
      {changed ? <StatusMessage tone="warning">{PRICE_CHANGED}</StatusMessage> : null}
      {problem?.field === 'quote' ? <StatusMessage tone="error">{problem.message}</StatusMessage> : null}
      {quote ? (
        <>
          <table className="quote__lines">
            <caption className="visually-hidden">Price lines</caption>
            <tbody>
              {quote.lines.map((line) => (
                <tr key={line.code} className={`quote__line quote__line--${line.kind}`}>
                  <th scope="row">{line.label}</th>
                  <td>{money(line.amount, quote.currency)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="quote__total">
                <th scope="row">Total</th>
                <td>{money(quote.total, quote.currency)}</td>
              </tr>
            </tfoot>
          </table>
          <p className="quote__note">
            {quote.tier ? `Length discount: ${quote.tier}. ` : null}
            {quote.taxIncluded ? `Includes ${money(quote.tax, quote.currency)} tax.` : quote.tax > 0 ? null : 'No tax.'}
          </p>
          <p className="quote__deposit">
            <span>Deposit</span> <span>{money(quote.deposit, quote.currency)}</span>{' '}
            <span className="quote__hint">held at pickup, not part of the total</span>
          </p>
          <Terms quote={quote} />
        </>
      ) : (
        <p className="quote__hint">
          {!chosen
            ? 'Choose your dates to see the price.'
            : problem
              ? 'Change what is marked to see the price.'
              : planPending
                ? 'Loading the prices…'
                : 'The prices could not be loaded; the agency confirms the price when it reviews your request.'}
        </p>
      )}
    </section>
  );
}

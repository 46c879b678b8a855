import { formatMoney as toDecimal } from '#domain/money';
import type { ReactNode } from 'react';
import type { FuelPolicy, Quote, QuoteLine } from '#domain/rate-plan';
import { StatusMessage } from '../../../components/status-message.tsx';
import { formatKm, formatMoney } from '../../../lib/format.ts';
import type { RentalQuote } from '../use-rental-quote.ts';
import '../quote.css';

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

interface QuotePanelProps {
  rental: RentalQuote;
  /** The heading once the server confirmed the quote ("Your quote" on the request forms). */
  confirmedTitle?: string;
  /** A heading that stands whatever the server said: a booking's stored lines are no estimate. */
  title?: string | undefined;
  /** The lines to show instead of the quote's: staff's overridden lines, or a booking's stored ones. */
  lines?: readonly ShownLine[] | null;
  /** Their total, with `lines`. */
  total?: number | null;
  /** Controls under a line (staff's Override); none on the request forms. */
  lineControls?: (line: ShownLine) => ReactNode;
  /** What to say before anything is chosen. */
  chooseHint?: string;
  /** What to say when the prices could not be loaded. */
  failedHint?: string;
  /** The app's currency: `lines` given before any plan or quote is known are shown in it. */
  appCurrency?: string;
}

/** A line as shown: an overridden one also says what the quote gave and why. */
export interface ShownLine extends QuoteLine {
  quotedAmount?: number | null;
  overrideReason?: string | null;
}

function LineRows({ line, currency, controls }: { line: ShownLine; currency: string; controls: ReactNode }) {
  const overridden = line.quotedAmount !== null && line.quotedAmount !== undefined;
  return (
    <>
      <tr className={`quote__line quote__line--${line.kind}${overridden ? ' quote__line--overridden' : ''}`}>
        <th scope="row">
          {line.label}
          {overridden && line.overrideReason ? (
            <span className="quote__reason">Reason: {line.overrideReason}</span>
          ) : null}
        </th>
        <td>
          {money(line.amount, currency)}
          {overridden ? (
            <span className="quote__quoted">
              quoted <s>{money(line.quotedAmount ?? 0, currency)}</s>
            </span>
          ) : null}
        </td>
      </tr>
      {controls ? (
        <tr className="quote__line-controls">
          <td colSpan={2}>{controls}</td>
        </tr>
      ) : null}
    </>
  );
}

/**
 * A quote's lines and total as a table: an overridden line shows its new amount, "quoted £X" struck
 * through and the reason; controls (staff's Override) go in a row under a line.
 */
export function QuoteLinesTable({
  lines,
  total,
  currency,
  lineControls,
  caption = 'Price lines',
}: {
  lines: readonly ShownLine[];
  total: number | null;
  currency: string;
  lineControls?: ((line: ShownLine) => ReactNode) | undefined;
  caption?: string;
}) {
  return (
    <table className="quote__lines">
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {lines.map((line) => (
          <LineRows key={line.code} line={line} currency={currency} controls={lineControls?.(line)} />
        ))}
      </tbody>
      {total !== null ? (
        <tfoot>
          <tr className="quote__total">
            <th scope="row">Total</th>
            <td>{money(total, currency)}</td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}

/**
 * The itemised price of the choice so far (issue 21): each line, the tier, tax, total and deposit,
 * then the mileage and fuel terms. Headed as an estimate until the server confirmed it. Staff's
 * form shows its own lines (overridden, or as stored) with controls under each.
 */
export function QuotePanel({
  rental,
  confirmedTitle = CONFIRMED_TITLE,
  title: fixedTitle,
  lines,
  total,
  lineControls,
  chooseHint = 'Choose your dates to see the price.',
  failedHint = 'The prices could not be loaded; the agency confirms the price when it reviews your request.',
  appCurrency = '',
}: QuotePanelProps) {
  const { quote, confirmed, changed, problem, planPending, chosen } = rental;
  const title = fixedTitle ?? (confirmed ? confirmedTitle : ESTIMATE_TITLE);
  const shownLines = lines ?? quote?.lines ?? null;
  const shownTotal = lines ? (total ?? null) : (quote?.total ?? null);
  // Stored lines may show before any plan or quote is known: then in the app's currency.
  const currency = quote?.currency ?? rental.plan?.currency ?? appCurrency;
  return (
    <section className="quote" aria-label="Price" aria-live="polite">
      <h3 className="quote__title">{title}</h3>
      {changed ? <StatusMessage tone="warning">{PRICE_CHANGED}</StatusMessage> : null}
      {problem?.field === 'quote' ? <StatusMessage tone="error">{problem.message}</StatusMessage> : null}
      {shownLines ? (
        <QuoteLinesTable lines={shownLines} total={shownTotal} currency={currency} lineControls={lineControls} />
      ) : null}
      {quote ? (
        <>
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
      ) : shownLines ? null : (
        <p className="quote__hint">
          {!chosen
            ? chooseHint
            : problem
              ? 'Change what is marked to see the price.'
              : planPending
                ? 'Loading the prices…'
                : failedHint}
        </p>
      )}
    </section>
  );
}

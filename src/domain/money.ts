/**
 * Money never travels as a float: it is stored in minor units (pence) and sent as a decimal
 * string with two places ("45.00").
 */

/**
 * The largest amount the product takes or stores (10000000.00): far above any rental, and inside
 * the 4-byte integers PostgreSQL keeps money in (2147483647), so no amount can overflow a column.
 */
export const MAX_AMOUNT = 1_000_000_000;

const DECIMAL = /^\d{1,9}(\.\d{1,2})?$/;

/** Parses "45", "45.5" or "45.50" into minor units; null when the text is not a plain amount. */
export function parseMoney(text: string): number | null {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Parses "-12.50" as well as "12.50" (a discount, a line that takes money off); null when not an amount. */
export function parseSignedMoney(text: string): number | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const minor = parseMoney(negative ? trimmed.slice(1) : trimmed);
  return minor === null ? null : negative ? -minor : minor;
}

/** Formats minor units as the wire's decimal string: 4550 → "45.50". */
export function formatMoney(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Minor units as people read them in a sentence, with the currency's sign: 4000, "GBP" → "£40.00". */
export function moneyText(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(minor / 100);
}

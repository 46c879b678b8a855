/** Display formats: dates day/month/year (en-GB), money in the server's one currency. */

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short' });
const numberFormat = new Intl.NumberFormat('en-GB');

/** "2026-11-22" → "22/11/2026"; an ISO timestamp shows its date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

export function formatDateTime(value: string | Date): string {
  return dateTimeFormat.format(typeof value === 'string' ? new Date(value) : value);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** "45.00" (the API's decimal string) → "£45.00" in the configured currency. */
export function formatMoney(amount: string | number, currency: string): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format.format(typeof amount === 'number' ? amount : Number(amount));
}

export function formatKm(value: number): string {
  return `${numberFormat.format(value)} km`;
}

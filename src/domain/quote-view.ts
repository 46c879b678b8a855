import type { QuoteLineView, QuoteView } from './api/quotes.ts';
import { formatMoney, parseSignedMoney } from './money.ts';
import type { Quote, QuoteLine } from './rate-plan.ts';

/** A quote as the API sends it: money as decimal strings. */
export function quoteToView(quote: Quote): QuoteView {
  return {
    plan_version: quote.planVersion,
    currency: quote.currency,
    days: quote.days,
    hours: quote.hours,
    lines: quote.lines.map(lineToView),
    tier: quote.tier,
    tax: formatMoney(quote.tax),
    tax_included: quote.taxIncluded,
    total: formatMoney(quote.total),
    deposit: formatMoney(quote.deposit),
    terms: {
      mileage_allowance_km: quote.terms.mileageAllowanceKm,
      price_per_extra_km: formatMoney(quote.terms.pricePerExtraKm),
      fuel_policy: quote.terms.fuelPolicy,
      fuel_price_per_eighth: formatMoney(quote.terms.fuelPricePerEighth),
    },
  };
}

export function lineToView(line: QuoteLine): QuoteLineView {
  return {
    kind: line.kind,
    code: line.code,
    label: line.label,
    quantity: line.quantity,
    unit_amount: formatMoney(line.unitAmount),
    amount: formatMoney(line.amount),
  };
}

/** Minor units from a decimal string the server wrote; a negative amount keeps its sign. */
function minor(text: string): number {
  const value = parseSignedMoney(text);
  if (value === null) throw new Error(`Not an amount: ${text}`);
  return value;
}

export function lineFromView(line: QuoteLineView): QuoteLine {
  return {
    kind: line.kind,
    code: line.code,
    label: line.label,
    quantity: line.quantity,
    unitAmount: minor(line.unit_amount),
    amount: minor(line.amount),
  };
}

/** The domain's quote from the API's: what the app compares with its own estimate. */
export function quoteFromView(view: QuoteView): Quote {
  return {
    planVersion: view.plan_version,
    currency: view.currency,
    days: view.days,
    hours: view.hours,
    lines: view.lines.map(lineFromView),
    tier: view.tier,
    tax: minor(view.tax),
    taxIncluded: view.tax_included,
    total: minor(view.total),
    deposit: minor(view.deposit),
    terms: {
      mileageAllowanceKm: view.terms.mileage_allowance_km,
      pricePerExtraKm: minor(view.terms.price_per_extra_km),
      fuelPolicy: view.terms.fuel_policy,
      fuelPricePerEighth: minor(view.terms.fuel_price_per_eighth),
    },
  };
}

/**
 * What a person must be told before anything is final: the server's quote differs from the one
 * the device showed (the plan changed meanwhile). Compared line by line, amounts and total.
 */
export function quotesDiffer(shown: Quote, server: Quote): boolean {
  if (shown.total !== server.total || shown.lines.length !== server.lines.length) return true;
  return shown.lines.some((line, index) => {
    const other = server.lines[index];
    return !other || other.code !== line.code || other.amount !== line.amount || other.quantity !== line.quantity;
  });
}

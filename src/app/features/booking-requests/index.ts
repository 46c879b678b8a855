/**
 * What other features use of booking requests: the itemised quote (issue 21) — the device's quote
 * confirmed by POST quotes/, its panel, the extras to choose, a stored quote's lines, the public
 * plan of a vehicle's agency — the public vehicle a request is for, and the estimate of a request
 * sent before quotes.
 */
export { usePublicVehicle } from './api/get-public-vehicle.ts';
export { quoteQueryOptions } from './api/get-quote.ts';
export { vehicleRatePlanQueryOptions } from './api/get-vehicle-rate-plan.ts';
export { ExtrasFieldset, type ChosenExtra } from './components/extras-fieldset.tsx';
export {
  ESTIMATE_TITLE,
  PRICE_CHANGED,
  QuoteLinesTable,
  QuotePanel,
  type ShownLine,
} from './components/quote-panel.tsx';
export { PriceDetails, StoredQuoteLines } from './components/stored-quote.tsx';
export { estimateTotal, type Estimate } from './estimate.ts';
export {
  usePlanQuote,
  useRentalQuote,
  type PlanSource,
  type RentalChoice,
  type RentalQuote,
} from './use-rental-quote.ts';

/**
 * What other features use of booking requests: the one estimate of a request's total, and the
 * itemised quote as staff Add/Edit Booking show it (the device's quote confirmed by POST quotes/,
 * its panel, and the extras fieldset), with the public plan of a vehicle's agency.
 */
export { estimateTotal, type Estimate } from './estimate.ts';
export { usePlanQuote, type PlanSource, type RentalChoice, type RentalQuote } from './use-rental-quote.ts';
export { QuotePanel, QuoteLinesTable, ESTIMATE_TITLE, type ShownLine } from './components/quote-panel.tsx';
export { ExtrasFieldset, type ChosenExtra } from './components/extras-fieldset.tsx';
export { vehicleRatePlanQueryOptions } from './api/get-vehicle-rate-plan.ts';

/**
 * What other features use of booking requests: the itemised quote (issue 21) — the panel that
 * prices a choice on the device and confirms it with the server, the extras to choose, a stored
 * quote's lines — and the public vehicle a request is for.
 */
export { usePublicVehicle } from './api/get-public-vehicle.ts';
export { quoteQueryOptions } from './api/get-quote.ts';
export { ExtrasFieldset, type ChosenExtra } from './components/extras-fieldset.tsx';
export { ESTIMATE_TITLE, PRICE_CHANGED, QuotePanel } from './components/quote-panel.tsx';
export { PriceDetails, StoredQuoteLines } from './components/stored-quote.tsx';
export { useRentalQuote, type RentalChoice, type RentalQuote } from './use-rental-quote.ts';
export { estimateTotal, type Estimate } from './estimate.ts';

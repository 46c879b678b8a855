/** The price list's lists, as their calls are named (`seasons/`, `extras/`…). */
export type PriceListPath = 'vehicle-categories' | 'seasons' | 'length-tiers' | 'extras' | 'one-way-fees';

export const RATES_KEY = ['rates'] as const;

/** Settings → Rates & extras: the whole plan (its settings and version) and each list of it. */
export const rateKeys = {
  all: RATES_KEY,
  plan: [...RATES_KEY, 'plan'] as const,
  list: (path: PriceListPath) => [...RATES_KEY, 'list', path] as const,
};

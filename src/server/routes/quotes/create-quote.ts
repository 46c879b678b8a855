import type { QuoteView } from '#domain/api/quotes';
import { quoteToView } from '#domain/quote-view';
import { quoteSchema } from '#domain/schemas/quote';
import { defineRoute } from '../../http/route.ts';
import { priceRental } from '../../services/quotes/quote-rental.ts';

/**
 * POST quotes/: what a rental would cost by the vehicle's agency's current rates, itemised
 * (issue 21). Anyone may ask; only staff may include a discount. Nothing is stored or promised.
 */
export const createQuote = defineRoute({
  method: 'POST',
  url: 'quotes/',
  access: 'public',
  body: quoteSchema,
  status: 200,
  async handler({ deps, user, body, reply }): Promise<QuoteView> {
    const { quote } = await priceRental(deps, body, user, deps.now().toISOString());
    void reply.header('Cache-Control', 'private, no-store');
    return quoteToView(quote);
  },
});

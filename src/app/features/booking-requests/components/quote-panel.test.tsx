import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { quoteRental } from '#domain/quote';
import type { Quote, RatePlan } from '#domain/rate-plan';
import { emptyRatePlan } from '#domain/rate-plan-view';
import type { RentalQuote } from '../use-rental-quote.ts';
import { ExtrasFieldset } from './extras-fieldset.tsx';
import { CONFIRMED_TITLE, ESTIMATE_TITLE, PRICE_CHANGED, QuotePanel } from './quote-panel.tsx';

const plan: RatePlan = {
  ...emptyRatePlan(1, 'GBP', 2000),
  pricesIncludeTax: true,
  tiers: [{ id: 1, name: '7+ days', minDays: 7, adjustment: { kind: 'percent', basisPoints: -1000 } }],
  extras: [
    {
      id: 1,
      name: 'Additional driver',
      charge: 'per_rental',
      price: 2500,
      capPerRental: null,
      maxQuantity: 1,
      stock: null,
    },
    { id: 2, name: 'Child seat', charge: 'per_day', price: 600, capPerRental: 6000, maxQuantity: 2, stock: [] },
  ],
  terms: { pricePerExtraKm: 25, fuelPolicy: 'full_to_full', fuelPricePerEighth: 1200 },
};

function quoteOf(days: number): Quote {
  const result = quoteRental(plan, {
    vehicle: { id: 1, categoryId: null, pricePerDay: 4000, deposit: 15000, mileageAllowance: 100 },
    startDate: '2030-01-01',
    endDate: `2030-01-${String(days).padStart(2, '0')}`,
    pickupTime: '09:00',
    dropoffTime: '18:00',
    pickupLocationId: null,
    dropoffLocationId: null,
    extras: [{ extraId: 2, quantity: 1 }],
    driverAge: null,
  });
  if (!result.ok) throw new Error(result.problem.message);
  return result.quote;
}

const base: RentalQuote = {
  plan,
  planPending: false,
  chosen: true,
  quote: null,
  confirmed: false,
  changed: false,
  problem: null,
};

describe('QuotePanel', () => {
  it('asks for the dates before there is anything to price', () => {
    const html = renderToStaticMarkup(<QuotePanel rental={{ ...base, chosen: false }} />);
    expect(html).toContain('Choose your dates to see the price.');
    expect(html).toContain(ESTIMATE_TITLE);
  });

  it("heads the device's lines as an estimate: each line, the tier with a real minus, total, tax, deposit and terms", () => {
    const html = renderToStaticMarkup(<QuotePanel rental={{ ...base, quote: quoteOf(10) }} />);
    expect(html).toContain(ESTIMATE_TITLE);
    expect(html).toContain('Base rate (10 days)</th><td>£400.00');
    expect(html).toContain('7+ days \u221210 %</th><td>\u2212£40.00');
    expect(html).toContain('Child seat</th><td>£60.00');
    expect(html).toContain('Total</th><td>£420.00');
    expect(html).toContain('Length discount: 7+ days.');
    expect(html).toContain('Includes £70.00 tax.');
    expect(html).toContain('£150.00');
    expect(html).toContain('1,000 km included for the rental, then £0.25 per km.');
    expect(html).toContain('£12.00 per eighth of a tank missing.');
    expect(html).not.toContain(PRICE_CHANGED);
  });

  it("says the server's quote is confirmed, and that the price changed when it differs from the device's", () => {
    const html = renderToStaticMarkup(
      <QuotePanel rental={{ ...base, quote: quoteOf(3), confirmed: true, changed: true }} />,
    );
    expect(html).toContain(CONFIRMED_TITLE);
    const changed = PRICE_CHANGED.replace("'", '&#x27;');
    expect(html).toContain(changed);
    expect(html.indexOf(changed)).toBeLessThan(html.indexOf('Base rate (3 days)'));
  });

  it('says a refusal that names no field on the quote itself', () => {
    const html = renderToStaticMarkup(
      <QuotePanel rental={{ ...base, problem: { field: 'quote', message: 'This vehicle is not offered.' } }} />,
    );
    expect(html).toContain('This vehicle is not offered.');
    expect(html).toContain('Change what is marked to see the price.');
  });
});

describe('QuotePanel with staff lines', () => {
  const quote = quoteOf(3);
  const [rental, seat] = quote.lines;
  if (!rental || !seat) throw new Error('The quote has its lines.');
  const lines = [rental, { ...seat, amount: 0, quotedAmount: seat.amount, overrideReason: 'Seat on the house' }];

  it('shows an overridden line with its amount, the quoted one struck through and the reason, and controls under lines', () => {
    const html = renderToStaticMarkup(
      <QuotePanel
        rental={{ ...base, quote, confirmed: true }}
        confirmedTitle="Quote"
        lines={lines}
        total={12000}
        lineControls={(line) => <button type="button">Override {line.label}</button>}
      />,
    );
    expect(html).toContain('>Quote</h3>');
    expect(html).toContain('Reason: Seat on the house');
    expect(html).toContain('£0.00<span class="quote__quoted">quoted <s>£18.00</s></span>');
    expect(html).toContain('Total</th><td>£120.00');
    expect(html).toContain('<td colSpan="2"><button type="button">Override Base rate (3 days)</button>');
  });

  it('heads stored lines as stored, even before the server answered, in the app’s currency', () => {
    const html = renderToStaticMarkup(
      <QuotePanel
        rental={{ ...base, plan: null }}
        title="Quote as stored"
        lines={lines}
        total={12000}
        appCurrency="GBP"
      />,
    );
    expect(html).toContain('>Quote as stored</h3>');
    expect(html).not.toContain(ESTIMATE_TITLE);
    expect(html).toContain('Total</th><td>£120.00');
  });
});

describe('ExtrasFieldset', () => {
  it('offers a box for an extra taken once and a stepper for one taken more, with the price and its basis', () => {
    const html = renderToStaticMarkup(
      <ExtrasFieldset
        extras={plan.extras}
        chosen={[{ extraId: 2, quantity: 2 }]}
        onChange={() => undefined}
        currency="GBP"
        error="Child seat: only 1 left at this pickup location for those dates."
      />,
    );
    expect(html).toContain('type="checkbox"');
    expect(html).toContain('£25.00 per rental');
    expect(html).toContain('£6.00 per day, at most £60.00 a rental');
    expect(html).toContain('aria-label="One more Child seat" disabled=""');
    expect(html).toContain('>2</output>');
    expect(html).toContain('only 1 left');
  });

  it('is left out when the agency offers no extras', () => {
    const html = renderToStaticMarkup(
      <ExtrasFieldset extras={[]} chosen={[]} onChange={() => undefined} currency="GBP" />,
    );
    expect(html).toBe('');
  });
});

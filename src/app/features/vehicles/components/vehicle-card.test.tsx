import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { VehicleSummary } from '../types.ts';
import { CarouselButtons } from './carousel-controls.tsx';
import { VehicleCard } from './vehicle-card.tsx';

const vehicle: VehicleSummary = {
  id: 7,
  make: 'Toyota',
  model: 'Yaris',
  color: 'Navy',
  mileage: 12345,
  ownership: 'company',
  price_per_day: '45.00',
  images: [
    { id: 1, image: '/media/a-1200.webp', thumbnail: '/media/a-480.webp' },
    { id: 2, image: '/media/b-1200.webp', thumbnail: '/media/b-480.webp' },
  ],
  agency_name: 'Northern Wheels',
  agency_logo: '/media/logo.webp',
};

/** Server rendering shows the first paint: the query cache holds no settings, so GBP applies. */
function render(node: ReactNode): string {
  return renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
}

describe('VehicleCard', () => {
  it('shows the name, colour, mileage in km and price per day in the configured currency', () => {
    const html = render(<VehicleCard vehicle={vehicle} />);
    expect(html).toContain('data-testid="vehicle-card"');
    expect(html).toContain('Toyota Yaris</h2>');
    expect(html).toContain('Navy');
    expect(html).toContain('12,345 km');
    expect(html).toContain('£45.00');
    expect(html).toContain(' / day');
  });

  it('says "from" the lowest day rate when seasons vary the price, read "per day" by screen readers', () => {
    const html = render(<VehicleCard vehicle={{ ...vehicle, from_price_per_day: '39.50' }} />);
    expect(html).toContain('from <span class="vehicle-card__amount">£39.50</span>');
    expect(html).not.toContain('£45.00');
    expect(html).toMatch(
      /<span class="vehicle-card__unit" aria-hidden="true"> \/ day<\/span><span class="visually-hidden"> per day<\/span>/,
    );
    // Without one, the card is as it was: its own day rate, no "from".
    const plain = render(<VehicleCard vehicle={{ ...vehicle, from_price_per_day: null }} />);
    expect(plain).not.toContain('from ');
    expect(plain).not.toContain('per day');
  });

  it('shows the first card-width photo with its position in the alt text; the buttons come after the first paint', () => {
    const html = render(<VehicleCard vehicle={vehicle} />);
    expect(html).toContain('src="/media/a-480.webp"');
    expect(html).toContain('alt="Toyota Yaris, photo 1 of 2"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('aria-roledescription="carousel"');
    // carousel-controls.tsx loads once the first screen is up (e2e/landing.spec.ts presses them).
    expect(html).not.toContain('Next photo');
  });

  it('the carousel buttons are named and say the position', () => {
    const html = renderToStaticMarkup(<CarouselButtons position={1} count={3} show={() => undefined} />);
    expect(html).toContain('aria-label="Previous photo"');
    expect(html).toContain('aria-label="Next photo"');
    expect(html).toContain('2 / 3');
  });

  it('loads the first photo of the first cards at once', () => {
    expect(render(<VehicleCard vehicle={vehicle} eager />)).toContain('loading="eager"');
  });

  it('has no carousel buttons for a single photo and "No Image" without photos', () => {
    const single = render(<VehicleCard vehicle={{ ...vehicle, images: vehicle.images.slice(0, 1) }} />);
    expect(single).toContain('alt="Toyota Yaris, photo 1 of 1"');
    expect(single).not.toContain('Next photo');
    const none = render(<VehicleCard vehicle={{ ...vehicle, images: [] }} />);
    expect(none).toContain('No Image');
    expect(none).not.toContain('<img');
  });

  it('shows the agency only when asked, and says when there is none', () => {
    expect(render(<VehicleCard vehicle={vehicle} />)).not.toContain('Northern Wheels');
    const withAgency = render(<VehicleCard vehicle={vehicle} showAgency />);
    expect(withAgency).toContain('alt="Northern Wheels logo"');
    expect(withAgency).toContain('Northern Wheels</span>');
    const without = render(<VehicleCard vehicle={{ ...vehicle, agency_name: null, agency_logo: null }} showAgency />);
    expect(without).toContain('No agency information');
  });

  it('renders the action slot', () => {
    expect(render(<VehicleCard vehicle={vehicle} action={<a href="/book">Book Now</a>} />)).toContain(
      '<a href="/book">Book Now</a>',
    );
  });
});

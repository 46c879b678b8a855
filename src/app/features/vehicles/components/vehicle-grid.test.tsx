import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_CARDS, VehicleGrid } from './vehicle-grid.tsx';

const vehicles = Array.from({ length: 10 }, (_, index) => ({ id: index + 1, name: `Vehicle ${index + 1}` }));

describe('VehicleGrid', () => {
  it('draws only the first screen of cards in the first paint of the app', () => {
    const html = renderToStaticMarkup(
      <VehicleGrid label="Available vehicles" vehicles={vehicles} renderCard={(vehicle) => <p>{vehicle.name}</p>} />,
    );
    expect(html.match(/<li /g)).toHaveLength(FIRST_SCREEN_CARDS);
    expect(html).toContain('Vehicle 1<');
    expect(html).toContain(`Vehicle ${FIRST_SCREEN_CARDS}<`);
    expect(html).not.toContain(`Vehicle ${FIRST_SCREEN_CARDS + 1}<`);
    expect(html).toContain('aria-label="Available vehicles"');
  });

  it('draws a short list whole', () => {
    const html = renderToStaticMarkup(
      <VehicleGrid label="Fleet" vehicles={vehicles.slice(0, 2)} renderCard={(vehicle) => <p>{vehicle.name}</p>} />,
    );
    expect(html.match(/<li /g)).toHaveLength(2);
  });
});

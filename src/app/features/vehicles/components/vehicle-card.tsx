import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatKm, formatMoney } from '../../../lib/format.ts';
import { useCurrency } from '#app/lib/currency';
import type { PickupLocation, VehicleSummary } from '../types.ts';
import { ImageCarousel } from './image-carousel.tsx';
import '../vehicles.css';

interface VehicleCardProps {
  vehicle: VehicleSummary;
  /** The landing shows who rents the vehicle out; the customer browse and the fleet list do not. */
  showAgency?: boolean;
  /** A button or link at the foot of the card: Book Now, Edit. */
  action?: ReactNode;
  /** For the cards seen without scrolling: their first photo is not lazy. */
  eager?: boolean;
  /** The public cards: where the car is collected, and the title links to the vehicle's page. */
  pickup?: readonly PickupLocation[];
}

/**
 * Element Timing (not in React's types yet): the browser records when each card's title is first
 * painted, which is how bench:web times the first vehicle on screen without running code in the page.
 */
const FIRST_PAINT_TIMING = { elementtiming: 'vehicle-card' };

/** One vehicle in a grid, always 440px tall (SPEC §9) so rows line up whatever the text. */
export function VehicleCard({ vehicle, showAgency = false, action, eager = false, pickup }: VehicleCardProps) {
  const currency = useCurrency();
  const name = `${vehicle.make} ${vehicle.model}`;
  const from = vehicle.from_price_per_day;
  return (
    <article className="vehicle-card" data-testid="vehicle-card" aria-label={name}>
      <ImageCarousel images={vehicle.images} label={name} eager={eager} />
      <div className="vehicle-card__body">
        <div className="vehicle-card__heading">
          <h2 className="vehicle-card__title" title={name} {...FIRST_PAINT_TIMING}>
            {pickup ? (
              <Link to="/vehicles/$vehicleId" params={{ vehicleId: vehicle.id }}>
                {name}
              </Link>
            ) : (
              name
            )}
          </h2>
          {/* Seasons vary the price: "from" the lowest day rate of the coming year (from_price_per_day). */}
          <p className="vehicle-card__price">
            {from ? 'from ' : null}
            <span className="vehicle-card__amount">{formatMoney(from ?? vehicle.price_per_day, currency)}</span>
            <span className="vehicle-card__unit" aria-hidden={from ? true : undefined}>
              {' '}
              / day
            </span>
            {from ? <span className="visually-hidden"> per day</span> : null}
          </p>
          {/* "Collect in Leeds · Station": a pickup point's name without the city it starts with. */}
          {pickup?.length ? (
            <p className="vehicle-card__where">
              Collect in{' '}
              {pickup.map(({ city, name }) => `${city} · ${name.replace(city, '').trim() || name}`).join(', ')}
            </p>
          ) : null}
        </div>
        <dl className="vehicle-card__facts">
          <div className="vehicle-card__fact">
            <dt>Colour</dt>
            <dd title={vehicle.color}>{vehicle.color}</dd>
          </div>
          <div className="vehicle-card__fact">
            <dt>Mileage</dt>
            <dd>{formatKm(vehicle.mileage)}</dd>
          </div>
        </dl>
        {showAgency || action ? (
          <div className={showAgency && action ? 'vehicle-card__foot vehicle-card__foot--split' : 'vehicle-card__foot'}>
            {showAgency ? <AgencyLine name={vehicle.agency_name} logo={vehicle.agency_logo} /> : null}
            {action ? <div className="vehicle-card__action">{action}</div> : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}

function AgencyLine({ name, logo }: { name?: string | null; logo?: string | null }) {
  if (!name) return <p className="vehicle-card__agency vehicle-card__agency--none">No agency information</p>;
  return (
    <p className="vehicle-card__agency">
      {logo ? (
        <img className="vehicle-card__logo" src={logo} alt={`${name} logo`} width={32} height={32} loading="lazy" />
      ) : (
        <span className="vehicle-card__logo vehicle-card__logo--initial" aria-hidden="true">
          {name.charAt(0)}
        </span>
      )}
      <span className="vehicle-card__agency-name" title={name}>
        {name}
      </span>
    </p>
  );
}

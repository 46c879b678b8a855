import type { ShownPickup } from '../api/get-public-vehicle.ts';

interface PickupPointsProps {
  locations: readonly ShownPickup[];
  /** The heading's id, for the section it names. */
  headingId: string;
  /** The vehicle page's h2; a form's aside uses h3 under the vehicle's own h2. */
  level?: 2 | 3;
}

/**
 * Where the vehicle is collected: each pickup location's name, city and street address. A copy
 * from the cached list has no addresses yet; a location without one says so instead of a blank.
 */
export function PickupPoints({ locations, headingId, level = 2 }: PickupPointsProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="pickup-points" aria-labelledby={headingId}>
      <Heading id={headingId} className="pickup-points__title">
        Pickup points
      </Heading>
      {locations.length === 0 ? (
        <p className="pickup-points__none">No pickup point yet: this vehicle cannot be requested.</p>
      ) : (
        <ul className="pickup-points__list">
          {locations.map((location) => (
            <li key={location.id} className="pickup-points__item">
              <span className="pickup-points__name">
                {location.name}, {location.city}
              </span>
              {location.address === undefined ? null : (
                <span className="pickup-points__address">{location.address || 'Street address not given yet'}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { useState } from 'react';
import type { PublicVehicle } from '#domain/api/vehicles';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrency } from '#app/lib/currency';

/** The vehicle a visitor asks for, in one line: photo, make and model, price per day. */
export function VehicleSummary({ vehicle }: { vehicle: PublicVehicle }) {
  const currency = useCurrency();
  const name = `${vehicle.make} ${vehicle.model}`;
  const photo = vehicle.images[0]?.thumbnail ?? vehicle.main_image;
  // Offline, a photo never seen on this device cannot load: the "No Image" block, not a broken image.
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className="vehicle-summary">
      {photo && failed !== photo ? (
        <img
          className="vehicle-summary__photo"
          src={photo}
          alt={name}
          width={480}
          height={320}
          decoding="async"
          onError={() => setFailed(photo)}
        />
      ) : (
        <div
          className="vehicle-summary__photo vehicle-summary__photo--none"
          role="img"
          aria-label={`${name}: no image`}
        >
          No Image
        </div>
      )}
      <div className="vehicle-summary__text">
        <h2 className="vehicle-summary__name">{name}</h2>
        <p className="vehicle-summary__facts">
          {vehicle.color} · {vehicle.manufacture_year}
        </p>
        <p className="vehicle-summary__price">
          <span className="vehicle-summary__amount">{formatMoney(vehicle.price_per_day, currency)}</span> / day
        </p>
      </div>
    </div>
  );
}

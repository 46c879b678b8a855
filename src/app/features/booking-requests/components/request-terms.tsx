import { useId } from 'react';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrency } from '#app/lib/currency';
import type { ShownVehicle } from '../api/get-public-vehicle.ts';
import { PickupPoints } from './pickup-points.tsx';

/** Beside a request form: the deposit the agency asks and where the vehicle is collected. */
export function RequestTerms({ vehicle }: { vehicle: ShownVehicle }) {
  const currency = useCurrency();
  const pickupId = useId();
  return (
    <div className="request-terms">
      <p className="request-terms__deposit">
        <span className="request-terms__label">Deposit</span>{' '}
        <span className="request-terms__amount">{formatMoney(vehicle.deposit, currency)}</span>
      </p>
      <PickupPoints locations={vehicle.pickup_locations} headingId={pickupId} level={3} />
    </div>
  );
}

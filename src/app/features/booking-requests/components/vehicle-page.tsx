import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatKm, formatMoney } from '../../../lib/format.ts';
import { useCurrency } from '#app/lib/currency';
import { usePublicVehicle, type ShownVehicle } from '../api/get-public-vehicle.ts';
import { PhotoGallery } from './photo-gallery.tsx';
import { PickupPoints } from './pickup-points.tsx';
import { RequestToBookLink } from './request-to-book-link.tsx';
import { VehicleGate } from './vehicle-gate.tsx';
import '../booking-requests.css';

/** `/vehicles/{id}`: everything a visitor or a customer needs to decide before asking to book. */
export function VehiclePage({ vehicleId }: { vehicleId: number }) {
  const { vehicle } = usePublicVehicle(vehicleId);
  const back = <Link to="/">Back to Available Vehicles</Link>;
  return (
    <div className="page">
      <PageHeader
        title={vehicle ? `${vehicle.make} ${vehicle.model}` : 'Vehicle'}
        description={vehicle ? `${vehicle.manufacture_year} · ${vehicle.color}` : undefined}
        actions={back}
      />
      <VehicleGate vehicleId={vehicleId} back={back}>
        {(shown) => <VehicleDetails vehicle={shown} />}
      </VehicleGate>
    </div>
  );
}

function VehicleDetails({ vehicle }: { vehicle: ShownVehicle }) {
  const currency = useCurrency();
  const pickupId = useId();
  const agencyId = useId();
  const name = `${vehicle.make} ${vehicle.model}`;
  return (
    <div className="vehicle-page">
      <div className="vehicle-page__photos">
        <PhotoGallery images={vehicle.images} label={name} />
      </div>
      <section className="panel vehicle-page__offer" aria-label="Price and terms">
        <p className="vehicle-page__price">
          <span className="vehicle-page__amount">{formatMoney(vehicle.price_per_day, currency)}</span> / day
        </p>
        <dl className="vehicle-page__facts">
          <Fact term="Deposit" value={formatMoney(vehicle.deposit, currency)} />
          <Fact term="Mileage allowance" value={`${formatKm(vehicle.mileage_allowance)} per day`} />
          <Fact term="Make" value={vehicle.make} />
          <Fact term="Model" value={vehicle.model} />
          <Fact term="Year" value={String(vehicle.manufacture_year)} />
          <Fact term="Colour" value={vehicle.color} />
        </dl>
        {vehicle.pickup_locations.length > 0 ? <RequestToBookLink vehicle={vehicle} /> : null}
        <p className="vehicle-page__note">The agency reviews your request before anything is booked or paid.</p>
      </section>
      <section className="panel vehicle-page__pickup">
        <PickupPoints locations={vehicle.pickup_locations} headingId={pickupId} />
      </section>
      <section className="panel vehicle-page__agency" aria-labelledby={agencyId}>
        <h2 id={agencyId} className="pickup-points__title">
          Rented by
        </h2>
        <p className="vehicle-page__agency-name">
          {vehicle.agency_logo ? (
            <img src={vehicle.agency_logo} alt={`${vehicle.agency_name} logo`} width={40} height={40} />
          ) : (
            <span className="vehicle-page__logo-initial" aria-hidden="true">
              {vehicle.agency_name.charAt(0)}
            </span>
          )}
          {vehicle.agency_name}
        </p>
        {vehicle.agency_phone !== undefined ? (
          <dl className="vehicle-page__facts vehicle-page__facts--contact">
            <div className="vehicle-page__fact">
              <dt>Phone</dt>
              <dd>
                <a href={`tel:${vehicle.agency_phone.replace(/\s+/g, '')}`}>{vehicle.agency_phone}</a>
              </dd>
            </div>
            <div className="vehicle-page__fact">
              <dt>E-mail</dt>
              <dd>
                <a href={`mailto:${vehicle.agency_email ?? ''}`}>{vehicle.agency_email}</a>
              </dd>
            </div>
          </dl>
        ) : (
          <p className="vehicle-page__note">The agency&apos;s phone and e-mail show once this page is opened online.</p>
        )}
      </section>
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="vehicle-page__fact">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

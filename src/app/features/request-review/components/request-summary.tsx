import { useState } from 'react';
import type { StaffBookingRequest } from '#domain/api/booking-requests';
import { shownRequestStatus } from '#domain/request-hold';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { requestStatusTone } from '../../../lib/booking-labels.ts';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useCurrency } from '#app/lib/currency';
import { STATUS_NAMES } from '../review-labels.ts';
import { customerName, vehicleName } from './request-cells.tsx';

function Fact({ label, children, wide = false }: { label: string; children: string; wide?: boolean }) {
  return (
    <div className={wide ? 'review-facts__item review-facts__item--wide' : 'review-facts__item'}>
      <dt>{label}</dt>
      <dd>{children || '—'}</dd>
    </div>
  );
}

/** The vehicle's photo; "No Image" when it has none or it cannot load (offline, never seen on this device). */
function VehicleImage({ src, name }: { src: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className="review-vehicle__image review-vehicle__image--empty" role="img" aria-label={`${name}: no image`}>
        No Image
      </div>
    );
  }
  return (
    <img className="review-vehicle__image" src={src} alt={name} decoding="async" onError={() => setFailed(true)} />
  );
}

/** "10:00 at Leeds Station", or the time alone when the request names no place. */
function whenAndWhere(time: string, place: { name: string } | null): string {
  return place ? `${time} at ${place.name}` : time;
}

/** What the review decides on: the vehicle and dates asked for (SPEC §2), then who asked and their message. */
export function RequestSummary({ request }: { request: StaffBookingRequest }) {
  const currency = useCurrency();
  const vehicle = request.vehicle_details;
  const person = request.customer_details;
  const name = vehicleName(request);
  const shown = shownRequestStatus(request, new Date());
  return (
    <div className="review-layout__summary">
      <section className="panel review-vehicle" aria-labelledby="review-vehicle-title">
        <VehicleImage src={vehicle.main_image} name={name} />
        <div className="review-vehicle__body">
          <div className="review-vehicle__heading">
            <h2 id="review-vehicle-title" className="review-section-title">
              {name}
            </h2>
            <StatusBadge tone={requestStatusTone(shown)}>{STATUS_NAMES[shown]}</StatusBadge>
          </div>
          <dl className="review-facts">
            <Fact label="Registration">{vehicle.registration_number}</Fact>
            <Fact label="Price per day">{formatMoney(vehicle.price_per_day, currency)}</Fact>
            <Fact label="Deposit">{formatMoney(vehicle.deposit, currency)}</Fact>
            <Fact label="Start Date">{formatDate(request.start_date)}</Fact>
            <Fact label="End Date">{formatDate(request.end_date)}</Fact>
            <Fact label="Pickup" wide>
              {whenAndWhere(request.pickup_time, request.pickup_location)}
            </Fact>
            <Fact label="Dropoff" wide>
              {whenAndWhere(request.dropoff_time, request.dropoff_location)}
            </Fact>
            {request.hold_until ? (
              <Fact label={shown === 'expired' ? 'Hold ended' : 'Held for the customer until'} wide>
                {formatDateTime(request.hold_until)}
              </Fact>
            ) : null}
          </dl>
        </div>
      </section>
      <section className="panel review-customer" aria-labelledby="review-customer-title">
        <h2 id="review-customer-title" className="review-section-title">
          Customer
        </h2>
        <dl className="review-facts">
          <Fact label="Name">{customerName(request)}</Fact>
          <Fact label="Phone">{person.phone_number}</Fact>
          <Fact label="E-mail" wide>
            {person.email}
          </Fact>
        </dl>
        <div>
          <h3 className="review-message__title">Message</h3>
          <p className="review-message">{request.message ?? 'No message.'}</p>
        </div>
      </section>
    </div>
  );
}

import type { StaffBookingRequest } from '#domain/api/booking-requests';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { requestStatusTone } from '../../../lib/booking-labels.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useCurrency } from '../../settings/api/get-settings.ts';
import { STATUS_NAMES } from '../review-labels.ts';
import { customerName, vehicleName } from './request-cells.tsx';

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <div className="review-facts__item">
      <dt>{label}</dt>
      <dd>{children || '—'}</dd>
    </div>
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
  return (
    <div className="review-layout__summary">
      <section className="panel review-vehicle" aria-labelledby="review-vehicle-title">
        {vehicle.main_image ? (
          <img className="review-vehicle__image" src={vehicle.main_image} alt={name} decoding="async" />
        ) : (
          <div
            className="review-vehicle__image review-vehicle__image--empty"
            role="img"
            aria-label={`${name}: no image`}
          >
            No Image
          </div>
        )}
        <div className="review-vehicle__body">
          <div className="review-vehicle__heading">
            <h2 id="review-vehicle-title" className="review-section-title">
              {name}
            </h2>
            <StatusBadge tone={requestStatusTone(request.status)}>{STATUS_NAMES[request.status]}</StatusBadge>
          </div>
          <dl className="review-facts">
            <Fact label="Registration">{vehicle.registration_number}</Fact>
            <Fact label="Price per day">{formatMoney(vehicle.price_per_day, currency)}</Fact>
            <Fact label="Deposit">{formatMoney(vehicle.deposit, currency)}</Fact>
            <Fact label="Start Date">{formatDate(request.start_date)}</Fact>
            <Fact label="End Date">{formatDate(request.end_date)}</Fact>
            <Fact label="Pickup">{whenAndWhere(request.pickup_time, request.pickup_location)}</Fact>
            <Fact label="Dropoff">{whenAndWhere(request.dropoff_time, request.dropoff_location)}</Fact>
          </dl>
        </div>
      </section>
      <section className="panel" aria-labelledby="review-customer-title">
        <h2 id="review-customer-title" className="review-section-title">
          Customer
        </h2>
        <dl className="review-facts">
          <Fact label="Name">{customerName(request)}</Fact>
          <Fact label="E-mail">{person.email}</Fact>
          <Fact label="Phone">{person.phone_number}</Fact>
        </dl>
        <h3 className="review-message__title">Message</h3>
        <p className="review-message">{request.message ?? 'No message.'}</p>
      </section>
    </div>
  );
}

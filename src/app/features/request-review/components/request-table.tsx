import type { StaffBookingRequest } from '#domain/api/booking-requests';
import { reviewTarget } from '../api/review-request.ts';
import { customerName, DateRange, ReviewLink, ReviewState, vehicleName } from './request-cells.tsx';

interface RequestListProps {
  requests: StaffBookingRequest[];
  /** Outbox targets of the reviews still on this device. */
  waiting: ReadonlySet<string>;
}

/** The wide-screen list: SPEC §2's columns Customer, Phone, Start → End, Vehicle, Status, Actions. */
export function RequestTable({ requests, waiting }: RequestListProps) {
  return (
    <div className="table-frame staff-requests__table">
      <table className="table">
        <caption className="visually-hidden">Booking requests</caption>
        <thead>
          <tr>
            <th scope="col">Customer</th>
            <th scope="col">Phone</th>
            <th scope="col">Start → End</th>
            <th scope="col">Vehicle</th>
            <th scope="col">Status</th>
            <th scope="col" className="table__cell--actions">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request.id}>
              <th scope="row" className="staff-requests__customer">
                {customerName(request)}
              </th>
              <td className="staff-requests__nowrap">{request.customer_details.phone_number}</td>
              <td>
                <DateRange request={request} />
              </td>
              <td>
                {vehicleName(request)}
                <span className="staff-requests__sub">{request.vehicle_details.registration_number}</span>
              </td>
              <td>
                <ReviewState request={request} waiting={waiting.has(reviewTarget(request.id))} />
              </td>
              <td className="table__cell--actions">
                <ReviewLink request={request} plain />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export type { RequestListProps };

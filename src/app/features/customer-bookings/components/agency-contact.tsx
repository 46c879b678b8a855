import { useId } from 'react';
import type { CustomerBooking } from '#domain/api/bookings';

/** Who the customer rents from, with the phone and e-mail to reach them (links that dial and write). */
export function AgencyContact({ agency }: { agency: CustomerBooking['agency_details'] }) {
  const headingId = useId();
  return (
    <section className="panel agency-contact" aria-labelledby={headingId}>
      <h2 id={headingId} className="agency-contact__title">
        Your agency
      </h2>
      <dl className="facts facts--grid agency-contact__facts">
        <div className="facts__item">
          <dt>Agency</dt>
          <dd>{agency.name}</dd>
        </div>
        <div className="facts__item">
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${agency.phone_number.replace(/\s+/g, '')}`}>{agency.phone_number}</a>
          </dd>
        </div>
        <div className="facts__item">
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${agency.email}`}>{agency.email}</a>
          </dd>
        </div>
      </dl>
    </section>
  );
}

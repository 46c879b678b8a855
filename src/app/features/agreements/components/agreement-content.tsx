import { FUEL_POLICY_WORDS, type AgreementContent } from '#domain/agreement';
import { fuelLabel } from '#domain/schemas/inspection';
import { formatDate, formatKm, formatMoney } from '../../../lib/format.ts';

/** The agreement as the customer reads it before signing: every section the PDF prints. */
export function AgreementContentView({ content }: { content: AgreementContent }) {
  const currency = content.price.currency;
  const inspection = content.pickup_inspection;
  return (
    <div className="agreement-content">
      <dl className="agreement-content__facts">
        <dt>Agency</dt>
        <dd>
          {content.agency.name}, {content.agency.email}, {content.agency.phone}
        </dd>
        <dt>Customer</dt>
        <dd>
          {content.customer.name}
          {content.customer.address ? `, ${content.customer.address}` : ''}
        </dd>
        <dt>License number</dt>
        <dd>{content.customer.license_number ?? 'Not on file'}</dd>
        <dt>License</dt>
        <dd>
          {content.customer.license_on_file ? 'On file' : 'Not on file'}, expires{' '}
          {content.customer.license_expiry ? formatDate(content.customer.license_expiry) : 'not given'}
        </dd>
        <dt>Additional drivers</dt>
        <dd>{content.additional_drivers}</dd>
        <dt>Vehicle</dt>
        <dd>
          {content.vehicle.make} {content.vehicle.model}, {content.vehicle.registration}
        </dd>
        <dt>Pickup</dt>
        <dd>
          {formatDate(content.booking.start_date)} {content.booking.pickup_time}, {content.booking.pickup_location}
        </dd>
        <dt>Dropoff</dt>
        <dd>
          {formatDate(content.booking.end_date)} {content.booking.dropoff_time}, {content.booking.dropoff_location}
        </dd>
        <dt>Mileage</dt>
        <dd>
          {formatKm(content.mileage.allowance_km_per_day)} a day included, then{' '}
          {formatMoney(content.mileage.price_per_extra_km, currency)} a km
        </dd>
        <dt>Fuel</dt>
        <dd>
          {FUEL_POLICY_WORDS[content.fuel.policy]}, {formatMoney(content.fuel.price_per_eighth, currency)} an eighth
        </dd>
        <dt>Pickup inspection</dt>
        <dd>
          {inspection
            ? `${formatKm(inspection.mileage)}, fuel ${fuelLabel(inspection.fuel_eighths)}, ${inspection.damage_marks.length} damage mark(s), ${inspection.photos} photo(s)`
            : 'Not recorded yet'}
        </dd>
      </dl>
      <table className="agreement-content__lines">
        <caption>Price</caption>
        <tbody>
          {content.price.lines.map((line, index) => (
            <tr key={index}>
              <th scope="row">{line.label}</th>
              <td>{line.quantity}</td>
              <td>{formatMoney(line.amount, currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td />
            <td>{formatMoney(content.price.total, currency)}</td>
          </tr>
          <tr>
            <th scope="row">Deposit</th>
            <td />
            <td>{formatMoney(content.price.deposit, currency)}</td>
          </tr>
        </tfoot>
      </table>
      <h3 className="agreement-content__terms-title">
        {content.terms.version === null ? 'Terms (none written yet)' : `Terms, version ${content.terms.version}`}
      </h3>
      {content.terms.text ? <p className="agreement-content__terms">{content.terms.text}</p> : null}
    </div>
  );
}

import { Link } from '@tanstack/react-router';
import type { TopCustomer } from '#domain/api/customer-analytics';
import { formatMoney } from '../../../lib/format.ts';

/** The five customers who spent most, each linking to their details. */
export function TopCustomers({ customers, currency }: { customers: TopCustomer[]; currency: string }) {
  return (
    <section className="panel analytics-panel" aria-labelledby="top-customers-title">
      <h2 id="top-customers-title" className="analytics-panel__title">
        Top Customers
      </h2>
      <p className="analytics-panel__note">By spending; cancelled bookings are not counted.</p>
      {customers.length === 0 ? (
        <p className="analytics-panel__empty">No bookings yet.</p>
      ) : (
        <ol className="top-customers">
          {customers.map((customer) => (
            <li key={customer.id} className="top-customers__item">
              <Link to="/details/$id" params={{ id: customer.id }} className="top-customers__name">
                {customer.first_name} {customer.last_name}
              </Link>
              <span className="top-customers__bookings">
                {customer.bookings} {customer.bookings === 1 ? 'booking' : 'bookings'}
              </span>
              <span className="top-customers__amount">{formatMoney(customer.total_spent, currency)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

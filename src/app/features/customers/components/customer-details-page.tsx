import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { formatKm, formatMoney } from '../../../lib/format.ts';
import { LastUpdated } from '../../../offline/last-updated.tsx';
import { useCurrency } from '#app/lib/currency';
import { useCustomerAnalytics } from '../api/get-customer-analytics.ts';
import { useCustomer } from '../api/get-customer.ts';
import { fullName } from '../customer-values.ts';
import { BookingHistory } from './booking-history.tsx';
import { CustomerEditStatus } from './customer-edit-status.tsx';
import { CustomerTabs } from './customer-tabs.tsx';
import '../customers.css';

function AnalyticsCards({ id }: { id: number }) {
  const query = useCustomerAnalytics(id);
  const currency = useCurrency();
  const data = query.data;
  const value = (text: string) => (data ? text : query.isError ? '—' : '...');
  return (
    <section className="analytics-cards" aria-label="Customer analytics" aria-busy={!data && !query.isError}>
      <div className="analytics-card">
        <p className="analytics-card__label">Total Bookings</p>
        <p className="analytics-card__value">{value(String(data?.totalBookings ?? 0))}</p>
      </div>
      <div className="analytics-card">
        <p className="analytics-card__label">Total Spending</p>
        <p className="analytics-card__value">{value(formatMoney(data?.totalSpent ?? 0, currency))}</p>
      </div>
      <div className="analytics-card">
        <p className="analytics-card__label">Total Mileage</p>
        <p className="analytics-card__value">{value(formatKm(data?.totalMileage ?? 0))}</p>
      </div>
    </section>
  );
}

/** WhatsApp takes the number in international form, digits only. */
const chatLink = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;

/** /details/{id}: tabs of details and next of kin, totals, booking history, and a chat link. */
export function CustomerDetailsPage({ id }: { id: number }) {
  const query = useCustomer(id);
  const customer = query.data;
  return (
    <div className="page customer-details">
      <PageHeader
        title="Customer Details"
        description={customer ? fullName(customer) : undefined}
        actions={
          <>
            <Link to="/customers/list" className={buttonClass('ghost', 'sm')}>
              Back
            </Link>
            {customer ? (
              <>
                <Link to="/edit-customer/$id" params={{ id }} className={buttonClass('secondary', 'sm')}>
                  Edit
                </Link>
                <Link to="/add-booking" search={{ customerId: id }} className={buttonClass('primary', 'sm')}>
                  Add Booking
                </Link>
              </>
            ) : null}
          </>
        }
      />
      {customer ? (
        <>
          <LastUpdated dataUpdatedAt={query.dataUpdatedAt} />
          <CustomerEditStatus id={id} />
          <AnalyticsCards id={id} />
          <CustomerTabs customer={customer} />
          <BookingHistory customerId={id} />
          {customer.phone_number.replace(/\D/g, '') ? (
            <a
              className="chat-link"
              href={chatLink(customer.phone_number)}
              target="_blank"
              rel="noreferrer"
              aria-label={`Message ${fullName(customer)} on WhatsApp`}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" />
              </svg>
            </a>
          ) : null}
        </>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading customer..."
          failure="This customer could not be loaded."
          offline="The customer will appear when the connection returns."
          notFound={{
            message: 'Customer not found.',
            action: (
              <Link to="/customers/list" className={buttonClass('secondary', 'sm')}>
                Customers List
              </Link>
            ),
          }}
        />
      )}
    </div>
  );
}

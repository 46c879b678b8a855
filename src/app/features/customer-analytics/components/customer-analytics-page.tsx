import { Link } from '@tanstack/react-router';
import type { CustomerAnalyticsOverview } from '#domain/api/customer-analytics';
import { buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListFreshness } from '../../../offline/list-freshness.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { useCurrency } from '#app/lib/currency';
import {
  conversionFigures,
  durationFigures,
  frequencyFigures,
  growthFigures,
  hasNoData,
  paymentFigures,
} from '../analytics-figures.ts';
import { useCustomerAnalytics } from '../api/get-customer-analytics.ts';
import { ChartPanel } from './chart-panel.tsx';
import { ChartSlot, useCharts } from './chart-slot.tsx';
import { StatCards } from './stat-cards.tsx';
import { TopCustomers } from './top-customers.tsx';
import '../customer-analytics.css';

/** /customers/analytics: who the customers are, how they book and pay, computed by the server. */
export function CustomerAnalyticsPage() {
  const query = useCustomerAnalytics();
  return (
    <div className="page">
      <PageHeader title="Customer Analytics" description="How your customers book, spend and come back." />
      {query.data ? (
        <>
          <ListFreshness dataUpdatedAt={query.dataUpdatedAt} refreshFailed={query.isRefetchError} moreFailed={false} />
          {hasNoData(query.data) ? (
            <EmptyState message="No customers or bookings yet.">
              <div className="analytics-empty">
                <p>These figures fill in as customers are added and book.</p>
                <Link to="/add-customer" className={buttonClass('secondary')}>
                  Add Customer
                </Link>
              </div>
            </EmptyState>
          ) : (
            <Analytics overview={query.data} />
          )}
        </>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading analytics..."
          failure="Customer analytics could not be loaded."
          offline="Customer analytics will appear when the connection returns."
        />
      )}
    </div>
  );
}

function Analytics({ overview }: { overview: CustomerAnalyticsOverview }) {
  const currency = useCurrency();
  const growth = growthFigures(overview);
  const frequency = frequencyFigures(overview);
  const duration = durationFigures(overview);
  const payment = paymentFigures(overview);
  const conversion = conversionFigures(overview);
  const charts = useCharts();
  return (
    <div className="analytics">
      <StatCards overview={overview} />
      <div className="analytics-grid">
        <ChartPanel
          id="growth"
          title="Customer Growth"
          note="New customers each month, and customers in total, over the last 12 months."
          figures={growth}
          emptyMessage="No customers yet."
        >
          <ChartSlot charts={charts}>{(c) => <c.GrowthChart figures={growth} />}</ChartSlot>
        </ChartPanel>
        <TopCustomers customers={overview.top_customers} currency={currency} />
        <ChartPanel
          id="frequency"
          title="Booking Frequency"
          note="Customers by how many bookings they have made."
          figures={frequency}
          emptyMessage="No bookings yet."
        >
          <ChartSlot charts={charts}>{(c) => <c.PieFigure figures={frequency} />}</ChartSlot>
        </ChartPanel>
        <ChartPanel
          id="duration"
          title="Booking Duration"
          note="Bookings by rental length."
          figures={duration}
          emptyMessage="No bookings yet."
        >
          <ChartSlot charts={charts}>{(c) => <c.PieFigure figures={duration} />}</ChartSlot>
        </ChartPanel>
        <ChartPanel
          id="payment"
          title="Payment Method"
          note="Bookings by how they are paid."
          figures={payment}
          emptyMessage="No bookings yet."
        >
          <ChartSlot charts={charts}>{(c) => <c.PieFigure figures={payment} />}</ChartSlot>
        </ChartPanel>
        <ChartPanel
          id="conversion"
          title="Lead to Customer Conversion"
          note="Leads are booking requests received in the month; converted ones became a booking."
          figures={conversion}
          emptyMessage="No booking requests in the last 12 months."
        >
          <ChartSlot charts={charts}>{(c) => <c.BarFigure figures={conversion} />}</ChartSlot>
        </ChartPanel>
      </div>
    </div>
  );
}

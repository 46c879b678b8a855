import type { CustomerAnalyticsOverview } from '#domain/api/customer-analytics';
import { monthName } from '../analytics-figures.ts';

const numbers = new Intl.NumberFormat('en-GB');

/** The three headline figures: Total, Repeat and this month's New Customers. */
export function StatCards({ overview }: { overview: CustomerAnalyticsOverview }) {
  const cards = [
    { label: 'Total Customers', value: overview.total_customers, hint: 'On your books' },
    { label: 'Repeat Customers', value: overview.repeat_customers, hint: 'With 2 or more bookings' },
    {
      label: `New Customers (${monthName(overview.month)})`,
      value: overview.new_customers_this_month,
      hint: 'Added this month',
    },
  ];
  return (
    <ul className="analytics-stats" aria-label="Customer figures">
      {cards.map((card) => (
        <li key={card.label} className="panel analytics-stat">
          <span className="analytics-stat__label">{card.label}</span>
          <span className="analytics-stat__value">{numbers.format(card.value)}</span>
          <span className="analytics-stat__hint">{card.hint}</span>
        </li>
      ))}
    </ul>
  );
}

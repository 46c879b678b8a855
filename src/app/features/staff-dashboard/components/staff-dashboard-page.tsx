import { Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import type { DeskBooking, DeskServiceDue, DeskSummary } from '#domain/api/desk';
import type { SessionUser } from '#domain/api/session';
import { localIsoDate } from '#domain/dates';
import { serviceState } from '#domain/service-due';
import { ACCOUNT_ICONS } from '../../../components/account-icons.ts';
import { Icon, ICONS, type IconPath } from '../../../components/icons.tsx';
import { ListFreshness } from '../../../offline/list-freshness.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { formatDate } from '../../../lib/format.ts';
import { OpenDisputesPanel } from '../../return-charges/index.ts';
import { useDeskSummary } from '../api/get-desk-summary.ts';
import { PendingAgencyNotice } from './pending-agency-notice.tsx';
import '../staff-dashboard.css';

/** `/staff/dashboard`: SPEC's heading and welcome, then the desk's day at a glance and the open disputes of return charges. */
export function StaffDashboardPage({ user }: { user: SessionUser }) {
  const today = localIsoDate();
  const summary = useDeskSummary(today);
  const name = user.first_name || user.username;
  return (
    <div className="page">
      <PageHeader title="Dashboard" description={`Welcome back, ${name}.`} />
      {user.agency?.status === 'pending' ? <PendingAgencyNotice agencyName={user.agency.name} /> : null}
      {summary.data ? (
        <>
          <DeskFigures summary={summary.data} />
          <div className="desk-days">
            <DayList
              title="Today's pickups"
              empty="No pickups today."
              bookings={summary.data.pickups}
              total={summary.data.pickups_total}
            />
            <DayList
              title="Today's returns"
              empty="No returns today."
              bookings={summary.data.returns}
              total={summary.data.returns_total}
            />
            <ServicesDue vehicles={summary.data.services_due} total={summary.data.services_due_total} today={today} />
          </div>
          <ListFreshness
            dataUpdatedAt={summary.dataUpdatedAt}
            refreshFailed={summary.isRefetchError}
            moreFailed={false}
          />
        </>
      ) : (
        <QueryFallback
          query={summary}
          loadingLabel="Loading today's figures..."
          failure="Today's figures could not be loaded."
          offline="Today's figures will appear when the connection returns."
        />
      )}
      <Suspense fallback={null}>
        <OpenDisputesPanel />
      </Suspense>
    </div>
  );
}

interface Figure {
  label: string;
  value: number;
  detail?: string;
  icon: IconPath;
  link: { to: '/bookings/requests' | '/bookings/list' | '/fleet/vehicles'; label: string; serviceDue?: true };
}

function DeskFigures({ summary }: { summary: DeskSummary }) {
  const figures: Figure[] = [
    {
      label: 'Requests to review',
      value: summary.pending_requests,
      icon: ACCOUNT_ICONS.inbox,
      link: { to: '/bookings/requests', label: 'Review requests' },
    },
    {
      label: 'Pickups today',
      value: summary.pickups_total,
      icon: ACCOUNT_ICONS.calendar,
      link: { to: '/bookings/list', label: 'All bookings' },
    },
    {
      label: 'Returns today',
      value: summary.returns_total,
      icon: ACCOUNT_ICONS.calendar,
      link: { to: '/bookings/list', label: 'All bookings' },
    },
    {
      label: 'Vehicles out today',
      value: summary.vehicles_out,
      detail: `of ${summary.fleet_size} in the fleet`,
      icon: ICONS.car,
      link: { to: '/fleet/vehicles', label: 'Fleet' },
    },
    {
      label: 'Services due',
      value: summary.services_due_total,
      detail: 'within 14 days or past',
      icon: ACCOUNT_ICONS.calendar,
      link: { to: '/fleet/vehicles', label: 'See vehicles', serviceDue: true },
    },
  ];
  return (
    <ul className="desk-figures" aria-label="Today at a glance">
      {figures.map((figure) => (
        <li key={figure.label} className="desk-figure">
          <span className="desk-figure__icon" aria-hidden="true">
            <Icon icon={figure.icon} />
          </span>
          <span className="desk-figure__label">{figure.label}</span>
          <span className="desk-figure__value">{figure.value}</span>
          {figure.detail ? <span className="desk-figure__detail">{figure.detail}</span> : null}
          <Link
            to={figure.link.to}
            search={figure.link.serviceDue ? { service: 'due' } : {}}
            className="desk-figure__link"
            aria-label={`${figure.link.label}: ${figure.label}`}
          >
            {figure.link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

interface DayListProps {
  title: string;
  empty: string;
  bookings: DeskBooking[];
  total: number;
}

function DayList({ title, empty, bookings, total }: DayListProps) {
  return (
    <section className="panel desk-day" aria-label={title}>
      <h2 className="desk-day__title">{title}</h2>
      {bookings.length === 0 ? (
        <p className="desk-day__empty">{empty}</p>
      ) : (
        <ol className="desk-day__list">
          {bookings.map((booking) => (
            <li key={booking.id} className="desk-day__item">
              <span className="desk-day__time">{booking.time}</span>
              <span className="desk-day__who">
                <Link to="/details/$id" params={{ id: booking.customer_id }}>
                  {booking.customer_name}
                </Link>
                <span className="desk-day__vehicle">
                  {booking.vehicle} · {booking.registration_number}
                </span>
              </span>
              <Link to="/booking-details/$id" params={{ id: booking.id }} className="desk-day__open">
                View<span className="visually-hidden"> booking {booking.id}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      {total > bookings.length ? (
        <p className="desk-day__more">
          {total - bookings.length} more — <Link to="/bookings/list">see all bookings</Link>
        </p>
      ) : null}
    </section>
  );
}

function ServicesDue({ vehicles, total, today }: { vehicles: DeskServiceDue[]; total: number; today: string }) {
  return (
    <section className="panel desk-day" aria-label="Services due">
      <h2 className="desk-day__title">Services due</h2>
      {vehicles.length === 0 ? (
        <p className="desk-day__empty">No vehicle is due a service in the next 14 days.</p>
      ) : (
        <ol className="desk-day__list">
          {vehicles.map((vehicle) => (
            <li key={vehicle.id} className="desk-day__item desk-day__item--service">
              <span className="desk-day__time">
                {serviceState(vehicle.next_service_date, today) === 'overdue' ? (
                  <StatusBadge tone="danger">Overdue</StatusBadge>
                ) : (
                  <StatusBadge tone="warning">Due</StatusBadge>
                )}
              </span>
              <span className="desk-day__who">
                {vehicle.vehicle}
                <span className="desk-day__vehicle">
                  {vehicle.registration_number} · {formatDate(vehicle.next_service_date)}
                </span>
              </span>
              <Link
                to="/fleet/maintenance"
                search={{ vehicle: vehicle.id }}
                className="desk-day__open"
                aria-label={`Maintenance of ${vehicle.vehicle} (${vehicle.registration_number})`}
              >
                Record
              </Link>
            </li>
          ))}
        </ol>
      )}
      {total > vehicles.length ? (
        <p className="desk-day__more">
          {total - vehicles.length} more —{' '}
          <Link to="/fleet/vehicles" search={{ service: 'due' }}>
            see all vehicles due
          </Link>
        </p>
      ) : null}
    </section>
  );
}

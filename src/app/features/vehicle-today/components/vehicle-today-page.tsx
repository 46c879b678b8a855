import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import type { TodayBooking } from '#domain/api/vehicle-today';
import { localIsoDate } from '#domain/dates';
import { serviceState, type ServiceState } from '#domain/service-due';
import { buttonClass } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { BookingStatusBadge, StatusBadge } from '../../../components/status-badge.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime, formatKm } from '../../../lib/format.ts';
import { ListFreshness } from '../../../offline/list-freshness.tsx';
import { ServiceFlag } from '../../fleet/index.ts';
import { cachedVehicleByCode, type CachedVehicle } from '../api/cached-fleet.ts';
import { useVehicleToday, type VehicleToday } from '../api/get-vehicle-today.ts';
import { inspectionAction } from '../today-actions.ts';
import '../vehicle-today.css';

/** The server's sentence for a code no vehicle of the caller's fleet carries (GET vehicle-today/). */
const NO_SUCH_LABEL = 'No vehicle of your fleet has this label.';
const NOT_KEPT = 'No vehicle of your fleet kept on this device has this label.';

/**
 * /v/{code}: what a yard worker needs at the car whose label was scanned — its booking now and
 * the next, Start pick-up / Start return, the last inspection, service due, and Block vehicle.
 * Without the server it names the vehicle from the fleet kept on the device, and says so.
 */
export function VehicleTodayPage({ code }: { code: string }) {
  const queryClient = useQueryClient();
  const query = useVehicleToday(code);
  const today = query.data;
  if (today) {
    return (
      <TodayCard today={today}>
        <ListFreshness dataUpdatedAt={query.dataUpdatedAt} refreshFailed={query.isRefetchError} moreFailed={false} />
      </TodayCard>
    );
  }
  if (query.error instanceof ApiError && query.error.status === 404) {
    return <NotFound message={query.error.message || NO_SUCH_LABEL} />;
  }
  const unreachable = query.fetchStatus === 'paused' || query.error instanceof NetworkError;
  if (unreachable) {
    const vehicle = cachedVehicleByCode(queryClient, code);
    return vehicle ? <OfflineCard vehicle={vehicle} /> : <NotFound message={NOT_KEPT} offline />;
  }
  return (
    <div className="page vehicle-today">
      <PageHeader title="Vehicle today" />
      <QueryFallback
        query={query}
        loadingLabel="Loading the vehicle..."
        failure="The vehicle could not be loaded."
        offline="The vehicle will appear when the connection returns."
      />
    </div>
  );
}

function NotFound({ message, offline = false }: { message: string; offline?: boolean }) {
  return (
    <div className="page vehicle-today">
      <PageHeader title="Vehicle today" />
      <StatusMessage
        tone={offline ? 'warning' : 'error'}
        action={
          <Link to="/fleet/vehicles" className={buttonClass('secondary', 'sm')}>
            Vehicles
          </Link>
        }
      >
        {offline ? `You are offline. ${message}` : message}
      </StatusMessage>
    </div>
  );
}

function TodayCard({ today, children }: { today: VehicleToday; children: ReactNode }) {
  const { vehicle, current_booking: current, next_booking: next, last_inspection: last, blocked } = today;
  const action = inspectionAction(today);
  return (
    <div className="page vehicle-today">
      <PageHeader
        title={vehicle.registration_number}
        description={`${vehicle.make} ${vehicle.model} · ${vehicle.color} · ${formatKm(vehicle.mileage)}`}
        actions={<Actions vehicleId={vehicle.id} action={action} />}
      />
      {children}
      <Flags
        retired={vehicle.retired_at !== null}
        serviceDue={today.service === 'ok' ? null : vehicle.next_service_date}
        blocked={
          blocked
            ? `Blocked today (${blocked.kind}) until ${formatDate(blocked.end_date)}${blocked.reason ? `: ${blocked.reason}` : ''}`
            : null
        }
      />
      <div className="vehicle-today__grid">
        <Section title="Now">
          {current ? (
            <BookingFacts booking={current} />
          ) : (
            <p className="vehicle-today__none">Not on a booking today.</p>
          )}
        </Section>
        <Section title="Next booking">
          {next ? <BookingFacts booking={next} /> : <p className="vehicle-today__none">No booking ahead.</p>}
        </Section>
        <Section title="Last inspection">
          {last ? (
            <dl className="vehicle-today__facts">
              <Fact label={last.kind === 'pickup' ? 'Pickup inspection' : 'Return inspection'}>
                {formatDateTime(last.created_at)}
              </Fact>
              <Fact label="Mileage">{formatKm(last.mileage)}</Fact>
              <Fact label="Fuel">{`${last.fuel_eighths}/8`}</Fact>
              <Fact label="Booking">
                <Link to="/booking-details/$id" params={{ id: last.booking_id }}>
                  Booking #{last.booking_id}
                </Link>
              </Fact>
            </dl>
          ) : (
            <p className="vehicle-today__none">No inspection recorded yet.</p>
          )}
        </Section>
        <Section title="Service">
          <ServiceFacts nextServiceDate={vehicle.next_service_date} state={today.service} vehicleId={vehicle.id} />
        </Section>
      </div>
    </div>
  );
}

/** What the device knows without the server: the vehicle's name, its service date, Block vehicle. */
function OfflineCard({ vehicle }: { vehicle: CachedVehicle }) {
  const nextService = vehicle.next_service_date;
  const service = nextService ? serviceState(nextService, localIsoDate()) : null;
  return (
    <div className="page vehicle-today">
      <PageHeader
        title={vehicle.registration_number}
        description={`${vehicle.make} ${vehicle.model}`}
        actions={<Actions vehicleId={vehicle.id} action={null} />}
      />
      <StatusMessage tone="warning">
        You are offline. This is the vehicle as this device last saw it; its bookings, last inspection and blocks show
        when the connection returns.
      </StatusMessage>
      <Flags
        retired={Boolean(vehicle.retired_at)}
        serviceDue={service && service !== 'ok' ? nextService : null}
        blocked={null}
      />
      {nextService && service ? (
        <div className="vehicle-today__grid">
          <Section title="Service">
            <ServiceFacts nextServiceDate={nextService} state={service} vehicleId={vehicle.id} />
          </Section>
        </div>
      ) : null}
    </div>
  );
}

function Actions({ vehicleId, action }: { vehicleId: number; action: ReturnType<typeof inspectionAction> }) {
  return (
    <>
      {action ? (
        <Link
          to="/booking-details/$id"
          params={{ id: action.booking.id }}
          search={action.started ? {} : { inspect: action.kind }}
          className={buttonClass('primary')}
        >
          {action.kind === 'return' ? 'Start return' : action.started ? 'Continue pick-up' : 'Start pick-up'}
        </Link>
      ) : null}
      <Link to="/fleet/unavailability" search={{ vehicle: vehicleId }} className={buttonClass('secondary')}>
        Block vehicle
      </Link>
    </>
  );
}

/** Blocked, service and retired, each in words (the colour only repeats them). */
function Flags({
  retired,
  serviceDue,
  blocked,
}: {
  retired: boolean;
  /** The next service date when it is due or overdue. */
  serviceDue: string | null | undefined;
  blocked: string | null;
}) {
  if (!retired && !blocked && !serviceDue) return null;
  return (
    <ul className="vehicle-today__flags" aria-label="Today">
      {blocked ? (
        <li>
          <StatusBadge tone="danger">{blocked}</StatusBadge>
        </li>
      ) : null}
      {serviceDue ? (
        <li>
          <ServiceFlag nextServiceDate={serviceDue} />
        </li>
      ) : null}
      {retired ? (
        <li>
          <StatusBadge tone="neutral">Retired</StatusBadge>
        </li>
      ) : null}
    </ul>
  );
}

const SERVICE_WORDS: Record<ServiceState, string> = {
  overdue: 'Overdue',
  due: 'Due within 14 days',
  ok: 'Not due',
};

function ServiceFacts({
  nextServiceDate,
  state,
  vehicleId,
}: {
  nextServiceDate: string;
  state: ServiceState;
  vehicleId: number;
}) {
  return (
    <dl className="vehicle-today__facts">
      <Fact label="Status">
        <StatusBadge tone={state === 'overdue' ? 'danger' : state === 'due' ? 'warning' : 'success'}>
          {SERVICE_WORDS[state]}
        </StatusBadge>
      </Fact>
      <Fact label="Next service">{formatDate(nextServiceDate)}</Fact>
      <Fact label="Records">
        <Link to="/fleet/maintenance" search={{ vehicle: vehicleId }}>
          Maintenance records
        </Link>
      </Fact>
    </dl>
  );
}

function BookingFacts({ booking }: { booking: TodayBooking }) {
  return (
    <dl className="vehicle-today__facts">
      <Fact label="Customer">{booking.customer_name}</Fact>
      <Fact label="From">{`${formatDate(booking.start_date)} ${booking.pickup_time}`}</Fact>
      <Fact label="To">{`${formatDate(booking.end_date)} ${booking.dropoff_time}`}</Fact>
      <Fact label="Status">
        <BookingStatusBadge status={booking.status} />
      </Fact>
      <Fact label="Booking">
        <Link to="/booking-details/$id" params={{ id: booking.id }}>
          Booking #{booking.id} details
        </Link>
      </Fact>
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="panel vehicle-today__section" aria-labelledby={id}>
      <h2 id={id} className="vehicle-today__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="vehicle-today__fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

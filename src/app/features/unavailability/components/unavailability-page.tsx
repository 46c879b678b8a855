import { useState } from 'react';
import { addDays, todayIso } from '#domain/dates';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { errorMessage } from '../../../lib/form-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSavePeriod, useUnavailability, type UnavailabilityPeriod } from '../api/unavailability.ts';
import { PeriodForm } from './period-form.tsx';
import { VehicleCalendar } from './vehicle-calendar.tsx';
import '../unavailability.css';

/** The Monday of the week of `isoDate`. */
function mondayOf(isoDate: string): string {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return addDays(isoDate, -((weekday + 6) % 7));
}

/**
 * /fleet/unavailability: periods a vehicle cannot be rented, with add/edit/delete; a vehicle's month
 * beside its bookings; and the list of periods from this week on. `vehicle` (from a today card's
 * Block vehicle) is chosen in the new period's form, from today, and shown in the calendar.
 */
export function UnavailabilityPage({ vehicle }: { vehicle?: number | undefined }) {
  const firstDay = mondayOf(todayIso());
  const query = useUnavailability(firstDay);
  const { remove } = useSavePeriod();
  const [editing, setEditing] = useState<UnavailabilityPeriod | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const periods = query.data?.items ?? [];

  return (
    <div className="page">
      <PageHeader title="Unavailability" description="Block vehicles for maintenance, damage or reservations." />
      {notice ? <StatusMessage tone="success">{notice}</StatusMessage> : null}
      <PeriodForm
        key={editing?.id ?? 'new'}
        editing={editing}
        vehicle={vehicle}
        onDone={() => {
          setNotice(editing ? 'Period saved.' : 'Period added.');
          setEditing(null);
        }}
      />
      <h2>Calendar</h2>
      <VehicleCalendar preferredVehicle={editing?.vehicle ?? vehicle ?? periods[0]?.vehicle} />
      <h2>Periods</h2>
      {query.data ? (
        <>
          {periods.length === 0 ? (
            <EmptyState message="No unavailability periods." />
          ) : (
            <ul className="unavailability-list" aria-label="Unavailability periods">
              {periods.map((period) => {
                const vehicle = `${period.vehicle_details.make} ${period.vehicle_details.model} (${period.vehicle_details.registration_number})`;
                return (
                  <li key={period.id} className="unavailability-list__item">
                    <div>
                      <strong>{vehicle}</strong>
                      <div>
                        {formatDate(period.start_date)} – {formatDate(period.end_date)} · {period.kind}
                        {period.reason ? ` · ${period.reason}` : ''}
                      </div>
                    </div>
                    <div className="unavailability-list__actions">
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Edit period of ${vehicle} from ${formatDate(period.start_date)}`}
                        onClick={() => setEditing(period)}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="danger"
                        size="sm"
                        aria-label={`Delete period of ${vehicle} from ${formatDate(period.start_date)}`}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(period.id, { onSuccess: () => setNotice('Period deleted.') })}
                      >
                        Delete
                      </Button>
                    </div>
                    {remove.isError && remove.variables === period.id ? (
                      <Refusal
                        className="refusal--block"
                        message={errorMessage(remove.error, 'The period could not be deleted.')}
                        focusKey={remove.error}
                      />
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading periods..."
          failure="The periods could not be loaded."
          offline="The periods will appear when the connection returns."
        />
      )}
    </div>
  );
}

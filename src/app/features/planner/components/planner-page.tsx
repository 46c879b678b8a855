import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { PlannerBar, PlannerRow } from '#domain/api/planner';
import { addDays, isIsoDate, localIsoDate } from '#domain/dates';
import { bookingKeys } from '#app/lib/query-keys';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { allItems } from '../../../lib/paging.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { ListFreshness } from '../../../offline/list-freshness.tsx';
import { useAgentLocations } from '../../fleet/index.ts';
import { vehicleCategoriesQueryOptions } from '../../rates/index.ts';
import { usePlanner, type PlannerFilter } from '../api/get-planner.ts';
import { useMoveBooking, usePendingMoves } from '../api/move-booking.ts';
import {
  groupRows,
  STEP_DAYS,
  WINDOW_DAYS,
  windowStart,
  withMoves,
  type Grouping,
  type PlannerLine,
  type Zoom,
} from '../planner-model.ts';
import { vehicleName } from '../planner-names.ts';
import { MoveDialog } from './move-dialog.tsx';
import { PlannerAgenda } from './planner-agenda.tsx';
import { PlannerGrid, type Moving } from './planner-grid.tsx';
import '../planner.css';

/** The planner's address: the day in view, the zoom, the grouping and the filters. */
export interface PlannerSearch {
  date?: string | undefined;
  zoom?: Zoom | undefined;
  group?: Grouping | undefined;
  category?: number | undefined;
  location?: number | undefined;
  q?: string | undefined;
}

const ZOOMS: { value: Zoom; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

/** How far Earlier and Later go (STEP_DAYS), in words for their accessible names. */
const STEP_WORDS: Record<Zoom, string> = { day: 'a day', week: 'a week', month: 'four weeks' };

/** Under this width the grid gives way to the agenda. */
const PHONE_QUERY = '(max-width: 699px)';

function usePhone(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(PHONE_QUERY);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

type Notice = { tone: 'success' | 'info' | 'error'; text: string };

/**
 * /fleet/planner (issue 23): every vehicle's days at a glance, bookings moved by drag, long press
 * or keyboard, through the outbox; on a phone an agenda instead of the grid.
 */
export function PlannerPage({ search }: { search: PlannerSearch }) {
  const navigate = useNavigate();
  const phone = usePhone();
  const today = localIsoDate();
  const date = search.date && isIsoDate(search.date) ? search.date : today;
  const zoom = search.zoom ?? 'week';
  const grouping = search.group ?? 'category';
  const [searchText, setSearchText] = useState(search.q ?? '');
  const typed = useDebouncedValue(searchText.trim(), 300);

  const setSearch = useCallback(
    (changes: Partial<PlannerSearch>) =>
      // resetScroll off: the router would otherwise put the grid's own scroll back where it was,
      // over the grid bringing the chosen day into view.
      void navigate({ to: '/fleet/planner', search: { ...search, ...changes }, replace: true, resetScroll: false }),
    [navigate, search],
  );
  useEffect(() => {
    if (typed !== (search.q ?? '')) setSearch({ q: typed || undefined });
  }, [typed, search.q, setSearch]);

  // The phone's agenda starts today; the grid's window has two weeks before the day in view.
  const filter: PlannerFilter = {
    from: phone ? date : windowStart(date),
    days: WINDOW_DAYS,
    category: search.category,
    location: search.location,
    search: search.q,
  };
  const query = usePlanner(filter);
  const locations = useAgentLocations();
  const categories = useQuery(vehicleCategoriesQueryOptions());
  const pending = usePendingMoves();
  const move = useMoveBooking();
  const queryClient = useQueryClient();
  // A move refused when sent (moved meanwhile, the days taken): the bar goes where the server has it.
  const refusedIds = pending.refused.map((entry) => entry.id).join(' ');
  useEffect(() => {
    if (refusedIds) void queryClient.invalidateQueries({ queryKey: bookingKeys.planner });
  }, [refusedIds, queryClient]);
  const [held, setHeld] = useState<Moving | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const rows = useMemo(() => withMoves(allItems(query.data?.pages), pending.places), [query.data, pending.places]);
  const named = useMemo(
    () => (locations.data ?? []).map((location) => ({ id: location.id, name: location.name })),
    [locations.data],
  );
  const lines: PlannerLine[] = useMemo(() => groupRows(rows, grouping, named), [rows, grouping, named]);
  const total = query.data?.pages.at(-1)?.total ?? 0;
  const pendingIds = useMemo(() => new Set(pending.places.keys()), [pending.places]);

  const openBar = (bar: PlannerBar) => {
    if (bar.kind === 'booking') void navigate({ to: '/booking-details/$id', params: { id: bar.id } });
    else if (bar.kind === 'request') void navigate({ to: '/booking-requests/$id', params: { id: bar.id } });
    else void navigate({ to: '/fleet/unavailability' });
  };
  const openDay = (row: PlannerRow, day: string) =>
    void navigate({ to: '/add-booking', search: { vehicleId: row.vehicle.id, date: day } });

  const confirmMove = async () => {
    if (!held) return;
    const toRow = rows.find((row) => row.vehicle.id === held.to.vehicle);
    setSaving(true);
    const outcome = await move({
      bookingId: held.bar.id,
      from: held.from,
      to: held.to,
      customer: held.bar.label,
      vehicleName: toRow ? vehicleName(toRow.vehicle) : '',
    });
    setSaving(false);
    setHeld(null);
    const said =
      outcome.status === 'sent'
        ? { tone: 'success' as const, text: 'Booking moved.' }
        : outcome.status === 'queued'
          ? { tone: 'info' as const, text: 'Move saved on this device. It is sent when the connection returns.' }
          : { tone: 'error' as const, text: `The booking was not moved: ${outcome.error}` };
    // The notice is a live region of its own: it says the outcome.
    setNotice(said);
  };

  const toVehicle = held ? rows.find((row) => row.vehicle.id === held.to.vehicle) : undefined;
  const step = STEP_WORDS[zoom];

  return (
    <div className="page planner-page">
      <PageHeader
        title="Planner"
        description="Every vehicle's bookings, requests and blocked days. Drag a booking, or pick it up with Space, to move it."
      />
      <div className="planner-toolbar" role="group" aria-label="Planner view">
        <div className="planner-toolbar__dates">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Earlier by ${step}`}
            onClick={() => setSearch({ date: addDays(date, -STEP_DAYS[zoom]) })}
          >
            ← Earlier
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setSearch({ date: undefined })}>
            Today
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Later by ${step}`}
            onClick={() => setSearch({ date: addDays(date, STEP_DAYS[zoom]) })}
          >
            Later →
          </Button>
          <TextField
            label="Go to date"
            type="date"
            className="planner-toolbar__date"
            value={date}
            onChange={(event) => {
              if (isIsoDate(event.target.value)) setSearch({ date: event.target.value });
            }}
          />
        </div>
        {phone ? null : (
          <div className="planner-zoom" role="group" aria-label="Zoom">
            {ZOOMS.map((option) => (
              <button
                key={option.value}
                type="button"
                className="planner-zoom__option"
                aria-pressed={zoom === option.value}
                onClick={() => setSearch({ zoom: option.value })}
              >
                {option.label}
              </button>
            ))}
          </div>
        )}
        <div className="planner-toolbar__filters">
          {phone ? null : (
            <SelectField
              label="Group by"
              value={grouping}
              onChange={(event) => setSearch({ group: event.target.value === 'location' ? 'location' : undefined })}
            >
              <option value="category">Category</option>
              <option value="location">Pickup location</option>
            </SelectField>
          )}
          <SelectField
            label="Category"
            value={search.category ?? ''}
            onChange={(event) => setSearch({ category: event.target.value ? Number(event.target.value) : undefined })}
          >
            <option value="">All categories</option>
            {(categories.data?.items ?? []).map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Pickup location"
            value={search.location ?? ''}
            onChange={(event) => setSearch({ location: event.target.value ? Number(event.target.value) : undefined })}
          >
            <option value="">All locations</option>
            {(locations.data ?? []).map((location) => (
              <option key={location.id} value={location.id}>
                {location.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Search"
            type="search"
            placeholder="Registration, make or model"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
      </div>

      {notice ? <StatusMessage tone={notice.tone}>{notice.text}</StatusMessage> : null}
      {pending.refused.length > 0 ? (
        <StatusMessage tone="error">
          {pending.refused.length === 1 ? 'A move was' : `${pending.refused.length} moves were`} refused when sent:{' '}
          {pending.refused.map((entry) => `${entry.label} — ${entry.lastError ?? ''}`).join('; ')}. Open the sync status
          in the header to look at {pending.refused.length === 1 ? 'it' : 'them'}.
        </StatusMessage>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {query.data ? (
        <>
          <ListFreshness
            dataUpdatedAt={query.dataUpdatedAt}
            refreshFailed={query.isRefetchError}
            moreFailed={query.isFetchNextPageError}
          />
          {rows.length === 0 ? (
            <EmptyState message="No vehicles found.">
              <p>
                {search.q || search.category || search.location
                  ? 'Try another search or filter.'
                  : 'Add a vehicle to plan its bookings.'}
              </p>
            </EmptyState>
          ) : phone ? (
            <PlannerAgenda rows={rows} from={filter.from} today={today} />
          ) : (
            <>
              <div className="planner-key">
                <Legend />
                <p className="planner-count">
                  {rows.length < total ? `${rows.length} of ${total} vehicles loaded…` : `${total} vehicles`}
                </p>
              </div>
              <PlannerGrid
                lines={lines}
                from={filter.from}
                days={WINDOW_DAYS}
                zoom={zoom}
                today={today}
                focusDate={date}
                pendingBookings={pendingIds}
                onOpenBar={openBar}
                onOpenDay={openDay}
                onDrop={(moving) => {
                  setNotice(null);
                  setHeld(moving);
                }}
                announce={setAnnouncement}
                held={held}
              />
            </>
          )}
        </>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading the planner..."
          failure="The planner could not be loaded."
          offline="The planner will appear when the connection returns."
        />
      )}
      {held ? (
        <MoveDialog
          moving={held}
          toVehicle={toVehicle ? vehicleName(toVehicle.vehicle) : ''}
          busy={saving}
          onConfirm={() => void confirmMove()}
          onCancel={() => {
            setHeld(null);
            setAnnouncement('Move cancelled.');
          }}
        />
      ) : null}
    </div>
  );
}

function Legend() {
  const items: { tone: string; label: string }[] = [
    { tone: 'upcoming', label: 'Upcoming' },
    { tone: 'active', label: 'Active' },
    { tone: 'completed', label: 'Completed' },
    { tone: 'other', label: 'Other' },
    { tone: 'request', label: 'Booking request' },
    { tone: 'blocked', label: 'Unavailable' },
  ];
  return (
    <ul className="planner-legend" aria-label="Legend">
      {items.map((item) => (
        <li key={item.tone}>
          <span className={`planner-legend__swatch planner-bar--${item.tone}`} aria-hidden="true" />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

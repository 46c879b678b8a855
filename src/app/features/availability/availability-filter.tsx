import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { addDays, isIsoDate, localIsoDate } from '#domain/dates';
import { END_BEFORE_START } from '#domain/schemas/fields';
import { Button } from '../../components/button.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { publicVehicleKeys } from '#app/lib/public-vehicle-keys';
import './availability.css';

interface AvailabilityFilterProps {
  /** The ids of the vehicles free on every chosen day, or null while no complete range is chosen. */
  onChange: (available: ReadonlySet<number> | null) => void;
  onClose: () => void;
  /** Asks the server for the public vehicles a filter leaves (the browse's own list call, given `&available_from=…&available_to=…`). */
  listVehicles: (signal: AbortSignal, filter: string) => Promise<readonly { id: number }[]>;
}

/**
 * "Available between these dates" on the vehicle browse: the server says which vehicles no
 * booking or unavailability period holds on any of those days (GET public-vehicles/?available_from&available_to).
 * Bookings change all the time, so it is asked fresh and needs a connection.
 */
export function AvailabilityFilter({ onChange, onClose, listVehicles }: AvailabilityFilterProps) {
  const today = localIsoDate();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const backwards = isIsoDate(from) && isIsoDate(to) && to < from;
  const complete = isIsoDate(from) && isIsoDate(to) && !backwards;
  const query = useQuery({
    queryKey: publicVehicleKeys.available(from, to),
    queryFn: ({ signal }) => listVehicles(signal, `&available_from=${from}&available_to=${to}`),
    enabled: complete,
    staleTime: 0,
    meta: { persist: false },
  });

  const ids = complete && query.data ? query.data : null;
  useEffect(() => {
    onChange(ids ? new Set(ids.map((vehicle) => vehicle.id)) : null);
  }, [ids, onChange]);

  return (
    <fieldset className="availability-filter">
      <legend className="availability-filter__legend">Available between</legend>
      <div className="availability-filter__fields">
        <TextField
          label="From"
          type="date"
          min={today}
          value={from}
          onChange={(event) => {
            setFrom(event.target.value);
            // A one-day rental is the usual start: the end follows the start until chosen.
            if (!to || to < event.target.value) setTo(event.target.value ? addDays(event.target.value, 1) : '');
          }}
        />
        <TextField
          label="To"
          type="date"
          min={from || today}
          value={to}
          error={backwards ? END_BEFORE_START : undefined}
          onChange={(event) => setTo(event.target.value)}
        />
        <Button variant="ghost" size="sm" className="availability-filter__clear" onClick={onClose}>
          Clear dates
        </Button>
      </div>
      <div aria-live="polite">
        {complete && query.isFetching && !query.data ? (
          <p className="availability-filter__note">Checking which vehicles are free...</p>
        ) : null}
        {complete && query.isError ? (
          <StatusMessage tone="warning">
            Availability could not be checked. Check your connection and try again.
          </StatusMessage>
        ) : null}
        {complete && query.fetchStatus === 'paused' ? (
          <StatusMessage tone="warning">Checking dates needs a connection. The list shows every vehicle.</StatusMessage>
        ) : null}
      </div>
    </fieldset>
  );
}

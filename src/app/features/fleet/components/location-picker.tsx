import { useId } from 'react';
import type { AgentLocation } from '#domain/api/locations';
import { Button } from '../../../components/button.tsx';
import type { useAgentLocations } from '../api/list-agent-locations.ts';

interface LocationPickerProps {
  query: ReturnType<typeof useAgentLocations>;
  /** The operator picks among every agency's locations, so only the chosen agency's are offered. */
  chooseAgency: boolean;
  /** null: the operator has not chosen the agency yet, so no location can be offered. */
  agencyId: number | null;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
  disabled: boolean;
}

/** The pickup locations of the vehicle's agency as a list of checkboxes (a multi-select that works on touch). */
export function LocationPicker({
  query,
  chooseAgency,
  agencyId,
  value,
  onChange,
  error,
  disabled,
}: LocationPickerProps) {
  const errorId = useId();
  const locations: AgentLocation[] = (query.data ?? []).filter(
    (location) => !chooseAgency || location.agency_id === agencyId,
  );
  const chosen = new Set(value);

  return (
    <fieldset
      className="location-picker"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field__label">Pickup locations</legend>
      {query.data ? (
        locations.length > 0 ? (
          <ul className="location-picker__list">
            {locations.map((location) => (
              <li key={location.id}>
                <label className="location-picker__option">
                  <input
                    type="checkbox"
                    checked={chosen.has(location.id)}
                    disabled={disabled}
                    onChange={(event) =>
                      onChange(
                        event.target.checked ? [...value, location.id] : value.filter((id) => id !== location.id),
                      )
                    }
                  />
                  <span>
                    {location.name} <span className="location-picker__city">({location.city})</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        ) : (
          <p className="field__hint">
            {chooseAgency && agencyId === null
              ? 'Choose the agency to see its pickup locations.'
              : 'This agency has no pickup locations yet.'}
          </p>
        )
      ) : query.isError ? (
        <p className="field__hint">
          The pickup locations could not be loaded.{' '}
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching ? 'Retrying...' : 'Retry'}
          </Button>
        </p>
      ) : (
        <p className="field__hint" role="status">
          {query.fetchStatus === 'paused'
            ? 'You are offline: the pickup locations will appear when the connection returns.'
            : 'Loading pickup locations...'}
        </p>
      )}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

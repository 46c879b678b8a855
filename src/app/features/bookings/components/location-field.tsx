import { useState, type Ref } from 'react';
import type { AgentLocation } from '#domain/api/locations';
import { SelectField, TextField } from '../../../components/text-field.tsx';

const OTHER = '__other';

interface LocationFieldProps {
  /** "Pickup location" or "Dropoff location". */
  label: string;
  /** What the booking keeps: a location's name, or the place typed under Other. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The agency's pickup locations (those of the chosen vehicle's agency). */
  locations: readonly AgentLocation[];
  loading: boolean;
  failed: boolean;
  error?: string | undefined;
  inputRef?: Ref<HTMLSelectElement>;
}

/**
 * A place of a booking chosen from the agency's pickup locations; free text only once "Other"
 * is chosen. The booking keeps the text as before (`pickup_location` is a string), so a place
 * typed earlier that is no location's name opens with Other chosen and the text kept.
 */
export function LocationField({
  label,
  value,
  onChange,
  onBlur,
  locations,
  loading,
  failed,
  error,
  inputRef,
}: LocationFieldProps) {
  const [otherChosen, setOtherChosen] = useState(false);
  const known = locations.some((location) => location.name === value);
  const other = otherChosen || (value !== '' && !known && !loading);
  const hint = loading
    ? 'Loading your pickup locations...'
    : failed && locations.length === 0
      ? 'Your pickup locations could not be loaded: choose Other to type the place.'
      : locations.length === 0
        ? 'No pickup locations yet (add them in Settings): choose Other to type the place.'
        : undefined;
  return (
    <div className="staff-booking-form__place">
      <SelectField
        ref={inputRef}
        label={label}
        value={other ? OTHER : value}
        hint={hint}
        error={other ? undefined : error}
        onBlur={onBlur}
        onChange={(event) => {
          const chosen = event.target.value;
          setOtherChosen(chosen === OTHER);
          onChange(chosen === OTHER ? (known ? '' : value) : chosen);
        }}
      >
        <option value="">Not chosen</option>
        {locations.map((location) => (
          <option key={location.id} value={location.name}>
            {location.city ? `${location.name}, ${location.city}` : location.name}
          </option>
        ))}
        <option value={OTHER}>Other</option>
      </SelectField>
      {other ? (
        <TextField
          label={`Other ${label.toLowerCase().replace('location', 'place')}`}
          value={value}
          error={error}
          autoComplete="off"
          onBlur={onBlur}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : null}
    </div>
  );
}

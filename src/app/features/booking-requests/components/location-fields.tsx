import { memo } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { PickupLocationView } from '#domain/api/vehicles';
import { SelectField } from '../../../components/text-field.tsx';
import { locationLabel } from '../request-choice.ts';

interface LocationFieldsProps {
  /** The vehicle's pickup locations; with one, it is preselected and there is nothing to choose. */
  locations: readonly PickupLocationView[];
  pickup: UseFormRegisterReturn;
  dropoff: UseFormRegisterReturn;
  pickupError?: string;
  dropoffError?: string;
}

/**
 * "Where": pickup and dropoff among the vehicle's pickup locations, on both request forms.
 * Memoised: given the same registrations, a change elsewhere in the form does not re-render it.
 */
export const LocationFields = memo(function LocationFields({
  locations,
  pickup,
  dropoff,
  pickupError,
  dropoffError,
}: LocationFieldsProps) {
  const choose = locations.length !== 1;
  const options = locations.map((location) => (
    <option key={location.id} value={location.id}>
      {locationLabel(location)}
    </option>
  ));
  return (
    <fieldset className="form__section">
      <legend className="form__section-title">Where</legend>
      <div className="form__row">
        <SelectField label="Pickup location" error={pickupError} {...pickup}>
          {choose ? <option value="">Choose a pickup location</option> : null}
          {options}
        </SelectField>
        <SelectField label="Dropoff location" error={dropoffError} {...dropoff}>
          {choose ? <option value="">Choose a dropoff location</option> : null}
          {options}
        </SelectField>
      </div>
    </fieldset>
  );
});

import { useState, type Ref } from 'react';
import type { StaffVehicle } from '#domain/api/vehicles';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { vehicleLabel } from '#app/lib/vehicle-label';
import { useVehicleChoices } from '../api/search-vehicles.ts';
import { Combobox, type ComboboxOption } from '#app/components/combobox';

/** A vehicle to choose, with what prices a booking. */
export interface VehicleOption extends ComboboxOption {
  pricePerDay: string;
  deposit: string;
  /** Its agency, when known: the booking's places are that agency's pickup locations. */
  agencyId?: number;
  /** What the quote reads (issue 21), when known: its category, km a day included, and pickup locations. */
  categoryId?: number | null;
  mileageAllowance?: number;
  locationIds?: readonly number[];
}

export function vehicleOption(
  vehicle: Pick<
    StaffVehicle,
    | 'id'
    | 'agency_id'
    | 'make'
    | 'model'
    | 'registration_number'
    | 'price_per_day'
    | 'deposit'
    | 'color'
    | 'category_id'
    | 'mileage_allowance'
    | 'pickup_locations'
  >,
  formatPrice: (amount: string) => string,
): VehicleOption {
  return {
    id: vehicle.id,
    label: vehicleLabel(vehicle),
    detail: `${vehicle.color} · ${formatPrice(vehicle.price_per_day)} a day`,
    pricePerDay: vehicle.price_per_day,
    deposit: vehicle.deposit,
    agencyId: vehicle.agency_id,
    categoryId: vehicle.category_id,
    mileageAllowance: vehicle.mileage_allowance,
    locationIds: vehicle.pickup_locations,
  };
}

interface VehicleComboboxProps {
  value: VehicleOption | null;
  onChange: (option: VehicleOption | null) => void;
  formatPrice: (amount: string) => string;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}

/** Chooses one of the caller's vehicles, shown as make, model and registration (SPEC §2). */
export function VehicleCombobox({ formatPrice, ...props }: VehicleComboboxProps) {
  const [search, setSearch] = useState('');
  const [asked, setAsked] = useState(false);
  const settled = useDebouncedValue(search.trim(), 250);
  const query = useVehicleChoices(settled, asked);
  return (
    <Combobox
      {...props}
      label="Vehicle"
      placeholder="Search by make, model or registration"
      onSearch={(text) => {
        setAsked(true);
        setSearch(text);
      }}
      options={(query.data?.items ?? []).map((vehicle) => vehicleOption(vehicle, formatPrice))}
      total={query.data?.total}
      loading={query.isFetching}
      stale={query.isPlaceholderData || settled !== search.trim()}
      failed={query.isError}
      emptyText="No vehicles found."
    />
  );
}

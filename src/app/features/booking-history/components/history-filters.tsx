import { useState } from 'react';
import { BOOKING_STATUSES, type BookingStatus } from '#domain/constants';
import { datesInOrder, FROM_AFTER_TO } from '#domain/schemas/booking-history';
import { Button } from '../../../components/button.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { bookingStatusLabel } from '../../../lib/booking-labels.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrency } from '#app/lib/currency';
import { useCustomerChoice } from '../../bookings/index.ts';
import { useVehicleChoice } from '../../bookings/index.ts';
import { CustomerCombobox, customerOption, type CustomerOption } from '../../bookings/index.ts';
import { VehicleCombobox, vehicleOption, type VehicleOption } from '../../bookings/index.ts';
import type { HistoryFilter } from '../api/booking-history.ts';
// The comboboxes' styles live with the bookings feature they come from.

interface HistoryFiltersProps {
  filter: HistoryFilter;
  onChange: (filter: HistoryFilter) => void;
}

/** The option for an id from the address: the one just picked, else the record read from the server. */
function chosen<T extends { id: number }>(id: number | undefined, picked: T | null, read: T | null): T | null {
  if (id === undefined) return null;
  return picked?.id === id ? picked : read;
}

/** Dates, vehicle, customer and status of the history; each change goes straight to the address. */
export function HistoryFilters({ filter, onChange }: HistoryFiltersProps) {
  const currency = useCurrency();
  const money = (amount: string) => formatMoney(amount, currency);
  const [pickedVehicle, setPickedVehicle] = useState<VehicleOption | null>(null);
  const [pickedCustomer, setPickedCustomer] = useState<CustomerOption | null>(null);
  const vehicleRead = useVehicleChoice(pickedVehicle?.id === filter.vehicle ? undefined : filter.vehicle);
  const customerRead = useCustomerChoice(pickedCustomer?.id === filter.customer ? undefined : filter.customer);
  const vehicle = chosen(
    filter.vehicle,
    pickedVehicle,
    vehicleRead.data ? vehicleOption(vehicleRead.data, money) : null,
  );
  const customer = chosen(
    filter.customer,
    pickedCustomer,
    customerRead.data ? customerOption(customerRead.data) : null,
  );
  const set = (change: Partial<HistoryFilter>) => onChange({ ...filter, ...change });
  const anyFilter = Object.values(filter).some((value) => value !== undefined);

  return (
    <form className="booking-history__filters" aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
      <TextField
        label="From"
        type="date"
        value={filter.from ?? ''}
        onChange={(event) => set({ from: event.target.value || undefined })}
      />
      <TextField
        label="To"
        type="date"
        value={filter.to ?? ''}
        error={datesInOrder(filter) ? undefined : FROM_AFTER_TO}
        onChange={(event) => set({ to: event.target.value || undefined })}
      />
      <SelectField
        label="Status"
        value={filter.status ?? ''}
        onChange={(event) =>
          set({ status: BOOKING_STATUSES.find((status: BookingStatus) => status === event.target.value) })
        }
      >
        <option value="">All statuses</option>
        {BOOKING_STATUSES.map((status) => (
          <option key={status} value={status}>
            {bookingStatusLabel(status)}
          </option>
        ))}
      </SelectField>
      <div className="booking-history__chooser">
        <VehicleCombobox
          value={vehicle ?? (filter.vehicle !== undefined ? placeholderOption(filter.vehicle, 'Vehicle') : null)}
          formatPrice={money}
          onChange={(option) => {
            setPickedVehicle(option);
            set({ vehicle: option?.id });
          }}
        />
      </div>
      <div className="booking-history__chooser">
        <CustomerCombobox
          value={customer ?? (filter.customer !== undefined ? placeholderOption(filter.customer, 'Customer') : null)}
          onChange={(option) => {
            setPickedCustomer(option);
            set({ customer: option?.id });
          }}
        />
      </div>
      {anyFilter ? (
        <div className="booking-history__clear">
          <Button variant="secondary" onClick={() => onChange({})}>
            Clear filters
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** Until (or unless: another agency's, or offline) the record is read, the id stands in for its name. */
function placeholderOption(id: number, noun: string) {
  return { id, label: `${noun} #${id}`, detail: '', pricePerDay: '0', deposit: '0' };
}

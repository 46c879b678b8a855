import { isIsoDate } from '#domain/dates';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { useCurrency } from '../../../lib/currency.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useCustomerChoice } from '../api/get-customer-choice.ts';
import { useCreateBooking } from '../api/create-booking.ts';
import { useVehicleChoice } from '../api/get-vehicle-choice.ts';
import { BookingForm } from './booking-form.tsx';
import { newBookingValues } from './booking-defaults.ts';
import { customerOption } from './customer-combobox.tsx';
import { vehicleOption } from './vehicle-combobox.tsx';

interface AddBookingPageProps {
  customerId?: number | undefined;
  vehicleId?: number | undefined;
  /** The first day (and, until changed, the last), as YYYY-MM-DD. */
  date?: string | undefined;
}

/**
 * /add-booking (SPEC §2): the customer comes preselected from `?customerId=` (the customer list's
 * row menu), the vehicle and the day from `?vehicleId=&date=` (a free day on the planner).
 */
export function AddBookingPage({ customerId, vehicleId, date }: AddBookingPageProps) {
  const create = useCreateBooking();
  const currency = useCurrency();
  const preselected = useCustomerChoice(customerId);
  const vehicle = useVehicleChoice(vehicleId);
  const waiting =
    (customerId !== undefined && preselected.isPending && preselected.fetchStatus !== 'idle') ||
    (vehicleId !== undefined && vehicle.isPending && vehicle.fetchStatus !== 'idle');
  const day = date && isIsoDate(date) ? date : '';

  return (
    <div className="page staff-booking-form-page">
      <PageHeader title="Add Booking" description="Book one of your vehicles for a customer." />
      {customerId !== undefined && preselected.isError ? (
        <StatusMessage tone="warning">
          The customer from the link could not be loaded (they may not be one of yours). Choose the customer below.
        </StatusMessage>
      ) : null}
      {vehicleId !== undefined && vehicle.isError ? (
        <StatusMessage tone="warning">
          The vehicle from the link could not be loaded (it may not be one of yours). Choose the vehicle below.
        </StatusMessage>
      ) : null}
      <div className="panel">
        {waiting ? (
          <LoadingState label="Loading..." />
        ) : (
          <BookingForm
            mode="add"
            start={{
              values: {
                ...newBookingValues(preselected.data?.id),
                vehicle: vehicle.data?.id ?? '',
                booking_deposit: vehicle.data?.deposit ?? '',
                start_date: day,
                end_date: day,
              },
              customer: preselected.data ? customerOption(preselected.data) : null,
              vehicle: vehicle.data ? vehicleOption(vehicle.data, (amount) => formatMoney(amount, currency)) : null,
            }}
            save={(body, idempotencyKey) => create.mutateAsync({ body, idempotencyKey })}
            cancel={{ to: '/bookings/list' }}
          />
        )}
      </div>
    </div>
  );
}

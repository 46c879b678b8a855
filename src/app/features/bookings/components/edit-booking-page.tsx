import { Link, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { buttonClass } from '../../../components/button.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrency } from '#app/lib/currency';
import { vehicleLabel } from '#app/lib/vehicle-label';
import { useStaffBooking } from '../api/get-staff-booking.ts';
import { useUpdateBooking } from '../api/update-booking.ts';
import { useVehicleChoice } from '../api/get-vehicle-choice.ts';
import { BookingForm } from './booking-form.tsx';
import { bookingValues } from './booking-defaults.ts';
import { customerOption } from './customer-combobox.tsx';
import { vehicleOption } from './vehicle-combobox.tsx';

/**
 * /edit-booking/{id}: the Add Booking form filled with the booking, its extras, places and stored
 * quote (lines and overrides); saved, it opens the booking.
 */
export function EditBookingPage({ bookingId }: { bookingId: number }) {
  const query = useStaffBooking(bookingId);
  const booking = query.data;
  // The vehicle's price per day and deposit drive the suggestions; its name is known already.
  const vehicle = useVehicleChoice(booking?.vehicle);
  const currency = useCurrency();
  const update = useUpdateBooking();
  const navigate = useNavigate();
  const back = { to: '/booking-details/$id', params: { id: bookingId } } as const;

  return (
    <div className="page staff-booking-form-page">
      <PageHeader title="Edit Booking" description={booking ? `Booking #${booking.id}` : undefined} />
      {booking && vehicle.fetchStatus !== 'fetching' ? (
        <div className="panel">
          <BookingForm
            mode="edit"
            start={{
              values: bookingValues(booking),
              customer: customerOption(booking.customer_details),
              vehicle: vehicle.data
                ? vehicleOption(vehicle.data, (amount) => formatMoney(amount, currency))
                : {
                    id: booking.vehicle,
                    label: vehicleLabel(booking.vehicle_details),
                    pricePerDay: '',
                    deposit: booking.booking_deposit,
                  },
              extras: (booking.quote?.extras ?? [])
                .map((extra) => ({ extraId: extra.extra_id, quantity: extra.quantity }))
                .sort((a, b) => a.extraId - b.extraId),
              pickupLocationId: booking.pickup_location_id,
              dropoffLocationId: booking.dropoff_location_id,
              quote: booking.quote,
            }}
            save={(body, idempotencyKey) => update.mutateAsync({ id: bookingId, body, idempotencyKey })}
            onSaved={() => void navigate({ ...back, search: { updated: true } })}
            cancel={back}
          />
        </div>
      ) : (
        <QueryFallback
          query={booking ? vehicle : query}
          loadingLabel="Loading booking..."
          failure="The booking could not be loaded."
          offline="The booking will appear when the connection returns."
          notFound={{
            message: 'Booking not found.',
            action: (
              <Link to="/bookings/list" className={buttonClass('secondary', 'sm')}>
                Back to bookings
              </Link>
            ),
          }}
        />
      )}
    </div>
  );
}

import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { useCustomerChoice } from '../api/get-customer-choice.ts';
import { useCreateBooking } from '../api/create-booking.ts';
import { BookingForm } from './booking-form.tsx';
import { newBookingValues } from './booking-defaults.ts';
import { customerOption } from './customer-combobox.tsx';

/** /add-booking (SPEC §2): the customer comes preselected from `?customerId=` (the customer list's row menu). */
export function AddBookingPage({ customerId }: { customerId?: number | undefined }) {
  const create = useCreateBooking();
  const preselected = useCustomerChoice(customerId);
  const waiting = customerId !== undefined && preselected.isPending && preselected.fetchStatus !== 'idle';

  return (
    <div className="page staff-booking-form-page">
      <PageHeader title="Add Booking" description="Book one of your vehicles for a customer." />
      {customerId !== undefined && preselected.isError ? (
        <StatusMessage tone="warning">
          The customer from the link could not be loaded (they may not be one of yours). Choose the customer below.
        </StatusMessage>
      ) : null}
      <div className="panel">
        {waiting ? (
          <LoadingState label="Loading customer..." />
        ) : (
          <BookingForm
            mode="add"
            start={{
              values: newBookingValues(preselected.data?.id),
              customer: preselected.data ? customerOption(preselected.data) : null,
              vehicle: null,
            }}
            save={(body, idempotencyKey) => create.mutateAsync({ body, idempotencyKey })}
            cancel={{ to: '/bookings/list' }}
          />
        )}
      </div>
    </div>
  );
}

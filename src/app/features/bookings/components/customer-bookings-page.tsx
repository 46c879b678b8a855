import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { buttonClass } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCustomerChoice } from '../api/get-customer-choice.ts';
import { CustomerCombobox, customerOption, type CustomerOption } from './customer-combobox.tsx';
import { StaffBookingsList } from './staff-bookings-list.tsx';

interface CustomerBookingsPageProps {
  /** The chosen customer (from the address), or none for every customer's bookings. */
  customerId?: number | undefined;
  onChoose: (customerId: number | undefined) => void;
}

/** /customers/bookings: the booking list, narrowed to one customer once one is chosen. */
export function CustomerBookingsPage({ customerId, onChoose }: CustomerBookingsPageProps) {
  // The name of a customer chosen here is known at once; one from the address is read from the server.
  const [picked, setPicked] = useState<CustomerOption | null>(null);
  const fromAddress = useCustomerChoice(picked?.id === customerId ? undefined : customerId);
  const customer =
    customerId === undefined
      ? null
      : picked?.id === customerId
        ? picked
        : fromAddress.data
          ? customerOption(fromAddress.data)
          : null;
  const name = customer?.label ?? (customerId !== undefined ? `customer #${customerId}` : null);

  return (
    <div className="page">
      <PageHeader
        title="Customer Bookings"
        description="Choose a customer to see their bookings; without one, every customer's bookings are listed."
        actions={
          <Link to="/add-booking" search={customerId ? { customerId } : {}} className={buttonClass('primary')}>
            Add Booking
          </Link>
        }
      />
      <div className="staff-customer-bookings__chooser">
        <CustomerCombobox
          label="Customer"
          value={customer}
          onChange={(option) => {
            setPicked(option);
            onChoose(option?.id);
          }}
          hint={
            customerId !== undefined ? 'Clear the box to list every customer’s bookings.' : 'All customers are shown.'
          }
        />
      </div>
      <StaffBookingsList customerId={customerId} label={name ? `Bookings of ${name}` : 'Bookings of all customers'} />
    </div>
  );
}

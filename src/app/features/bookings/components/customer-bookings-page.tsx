import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { buttonClass } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { CustomerCombobox, type CustomerOption } from './customer-combobox.tsx';
import { StaffBookingsList } from './staff-bookings-list.tsx';

/** /customers/bookings: the booking list, narrowed to one customer once one is chosen. */
export function CustomerBookingsPage() {
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  return (
    <div className="page">
      <PageHeader
        title="Customer Bookings"
        description="Choose a customer to see their bookings; without one, every customer's bookings are listed."
        actions={
          <Link
            to="/add-booking"
            search={customer ? { customerId: customer.id } : {}}
            className={buttonClass('primary')}
          >
            Add Booking
          </Link>
        }
      />
      <div className="staff-customer-bookings__chooser">
        <CustomerCombobox
          label="Customer"
          value={customer}
          onChange={setCustomer}
          hint={customer ? 'Clear the box to list every customer’s bookings.' : 'All customers are shown.'}
        />
      </div>
      <StaffBookingsList
        customerId={customer?.id}
        label={customer ? `Bookings of ${customer.label}` : 'Bookings of all customers'}
      />
    </div>
  );
}

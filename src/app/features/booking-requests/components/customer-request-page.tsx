import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { CustomerRequestForm } from './customer-request-form.tsx';
import { VehicleGate } from './vehicle-gate.tsx';
import '../booking-requests.css';

/** `/public-customers/book-vehicle/{vehicleId}`: the signed-in customer's booking request. */
export function CustomerRequestPage({ vehicleId }: { vehicleId: number }) {
  const back = <Link to="/public-customers/book-vehicle">Back to the vehicles</Link>;
  return (
    <div className="page">
      <PageHeader
        title="Request a Booking"
        description="Choose your dates, times and pickup and dropoff locations."
        actions={back}
      />
      <VehicleGate vehicleId={vehicleId} back={back}>
        {(vehicle) => <CustomerRequestForm vehicle={vehicle} />}
      </VehicleGate>
    </div>
  );
}

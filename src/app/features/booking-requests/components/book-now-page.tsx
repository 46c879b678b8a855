import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { useSession } from '../../session/index.ts';
import { AnonymousRequestForm } from './anonymous-request-form.tsx';
import { VehicleGate } from './vehicle-gate.tsx';
import '../booking-requests.css';

/** `/book-now/{vehicleId}`: a visitor asks to book a vehicle without an account. */
export function BookNowPage({ vehicleId }: { vehicleId: number }) {
  const session = useSession();
  return (
    <div className="page">
      <PageHeader
        title="Book Now"
        description="Send a booking request for this vehicle; no account needed."
        actions={<Link to="/">Back to Available Vehicles</Link>}
      />
      {session?.role === 'customer' ? (
        <StatusMessage
          tone="info"
          action={
            <Link to="/public-customers/book-vehicle/$vehicleId" params={{ vehicleId }}>
              Book with your account
            </Link>
          }
        >
          You are signed in as {session.first_name || session.username}. Request from your account to follow the request
          and confirm it in your bookings.
        </StatusMessage>
      ) : null}
      <VehicleGate vehicleId={vehicleId} back={<Link to="/">Back to Available Vehicles</Link>}>
        {(vehicle) => <AnonymousRequestForm vehicle={vehicle} />}
      </VehicleGate>
    </div>
  );
}

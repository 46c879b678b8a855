import { Link } from '@tanstack/react-router';
import { StatusMessage } from '../../../components/status-message.tsx';

/**
 * An agency the operator has not approved yet: its vehicles stay off the public pages, so no
 * booking request can reach it. Said plainly, with what already works.
 */
export function PendingAgencyNotice({ agencyName }: { agencyName: string }) {
  return (
    <StatusMessage tone="info">
      <strong>{agencyName} is waiting for approval.</strong> Until the operator approves your agency, your vehicles are
      not shown to the public and no booking requests can reach you. You can already{' '}
      <Link to="/add-vehicle">add vehicles</Link>, <Link to="/add-customer">add customers</Link> and{' '}
      <Link to="/add-booking">record bookings</Link>.
    </StatusMessage>
  );
}

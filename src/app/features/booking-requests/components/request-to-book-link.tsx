import { Link } from '@tanstack/react-router';
import { buttonClass, type ButtonSize } from '../../../components/button.tsx';
import { useSession } from '../../session/index.ts';

interface RequestToBookLinkProps {
  vehicle: { id: number; make: string; model: string };
  size?: ButtonSize;
}

/** "Request to Book": a signed-in customer asks from their account, anyone else with the visitors' form. */
export function RequestToBookLink({ vehicle, size = 'md' }: RequestToBookLinkProps) {
  const customer = useSession()?.role === 'customer';
  return (
    <Link
      to={customer ? '/public-customers/book-vehicle/$vehicleId' : '/book-now/$vehicleId'}
      params={{ vehicleId: vehicle.id }}
      className={buttonClass('primary', size)}
      aria-label={`Request to Book: ${vehicle.make} ${vehicle.model}`}
    >
      Request to Book
    </Link>
  );
}

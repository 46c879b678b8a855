import { useNavigate } from '@tanstack/react-router';
import { useLogout } from '../../features/session/api/logout.ts';
import { Icon } from '../icons.tsx';

/** Signs out and goes to /login (SPEC §2). Never fails from the user's point of view: see `logout`. */
export function LogoutButton() {
  const navigate = useNavigate();
  const { mutate, isPending } = useLogout();
  return (
    <button
      type="button"
      className="nav__link nav__link--button"
      disabled={isPending}
      onClick={() => mutate(undefined, { onSettled: () => void navigate({ to: '/login', replace: true }) })}
    >
      <Icon name="logout" />
      <span>{isPending ? 'Logging out...' : 'Logout'}</span>
    </button>
  );
}

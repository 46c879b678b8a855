import { Link } from '@tanstack/react-router';
import type { SessionUser } from '#domain/api/session';
import { pathAfterLogin } from '../features/session/guards.ts';
import { buttonClass } from '../components/button.tsx';
import { ACCOUNT_ICONS } from '../components/account-icons.ts';
import { Icon } from '../components/icons.tsx';
import { LogoutButton } from './logout-button.tsx';
import { UserBadge } from './user-badge.tsx';

/** Who is signed in, on the public pages: a way back to their own area, and Logout. */
export function PublicAccountFooter({ user }: { user: SessionUser }) {
  return (
    <div className="sidebar__account">
      <Link to={pathAfterLogin(user)} className={buttonClass('primary', 'md', 'sidebar__login')}>
        <Icon icon={ACCOUNT_ICONS.dashboard} size={18} />
        My dashboard
      </Link>
      <LogoutButton />
    </div>
  );
}

export { UserBadge as PublicAccountBadge };

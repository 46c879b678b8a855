import { useSession } from '../features/session/api/get-session.ts';

const ROLE_LABELS = { customer: 'Customer', staff: 'Staff', agent: 'Agent', agency: 'Agency' } as const;

/** Who is signed in, in the header: initials, name and role (and agency for agency users). */
export function UserBadge() {
  const user = useSession();
  if (!user) return null;
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <div className="user-badge">
      <span className="user-badge__avatar" aria-hidden="true">
        {initials}
      </span>
      <span className="user-badge__text">
        <span className="user-badge__name">{name}</span>
        <span className="user-badge__role">
          {ROLE_LABELS[user.role]}
          {user.agency ? ` · ${user.agency.name}` : ''}
        </span>
      </span>
    </div>
  );
}

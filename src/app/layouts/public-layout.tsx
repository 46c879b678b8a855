import { Link } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { useSession } from '../features/session/api/get-session.ts';
import { buttonClass } from '../components/button.tsx';
import { Icon, ICONS } from '../components/icons.tsx';
import { AppShell } from './app-shell.tsx';
import { PUBLIC_NAV } from './nav.ts';

// Most visitors of `/` are signed out: the signed-in extras load only for those who need them,
// so the landing page's initial code stays as small as it was.
const PublicAccountFooter = lazy(() =>
  import('./public-account.tsx').then((module) => ({ default: module.PublicAccountFooter })),
);
const PublicAccountBadge = lazy(() =>
  import('./public-account.tsx').then((module) => ({ default: module.PublicAccountBadge })),
);

/** Signed in already: nothing to register for. */
const SIGNED_IN_PUBLIC_NAV = PUBLIC_NAV.map((section) => ({
  ...section,
  items: section.items.filter((item) => item.to !== '/register-customer'),
}));

/**
 * The visitors' frame: public sidebar with the Login button. A signed-in customer reading the
 * public pages sees who they are, a way to their dashboard and Logout instead.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const user = useSession();
  return (
    <AppShell
      home="/"
      label="Public"
      sections={user ? SIGNED_IN_PUBLIC_NAV : PUBLIC_NAV}
      sidebarFooter={
        user ? (
          <Suspense fallback={null}>
            <PublicAccountFooter user={user} />
          </Suspense>
        ) : (
          <Link to="/login" className={buttonClass('primary', 'md', 'sidebar__login')}>
            <Icon icon={ICONS.login} size={18} />
            Login
          </Link>
        )
      }
      headerExtra={
        user ? (
          <Suspense fallback={null}>
            <PublicAccountBadge />
          </Suspense>
        ) : null
      }
    >
      {children}
    </AppShell>
  );
}

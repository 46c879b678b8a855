import { useRouter } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useLoadedAfterFirstPaint } from '../first-paint.ts';
import { onIdle } from '../lib/idle.ts';
import { AppShell } from './app-shell.tsx';
import { LogoutButton } from './logout-button.tsx';
import { ACCOUNT_NAV, STAFF_NAV } from './account-nav.ts';
import { SuspendedBanner } from './suspended-banner.tsx';
import { UserBadge } from './user-badge.tsx';

// The Scan button (its dialog, the camera loop) is no part of the first screen: it comes after it,
// as the header's status does, so a staff page's first paint loads no more than before.
const loadScanButton = () =>
  import('../features/vehicle-today/components/scan-button.tsx').then((module) => ({ ScanButton: module.ScanButton }));

/** The frame of staff, agents and agencies. */
export function StaffLayout({ children }: { children: ReactNode }) {
  const scan = useLoadedAfterFirstPaint(loadScanButton);
  const router = useRouter();
  // The planner's code is not precached for every visitor (decision 061): staff fetch it on any
  // staff page, when the browser is idle, and the service worker keeps it for offline use.
  useEffect(
    () => onIdle(() => void router.preloadRoute({ to: '/fleet/planner' }).catch(() => undefined), 5_000),
    [router],
  );
  return (
    <AppShell
      home="/staff/dashboard"
      label="Staff"
      sections={STAFF_NAV}
      footerSections={ACCOUNT_NAV}
      sidebarFooter={<LogoutButton />}
      headerExtra={
        <>
          {scan ? <scan.ScanButton /> : null}
          <UserBadge />
        </>
      }
    >
      <SuspendedBanner />
      {children}
    </AppShell>
  );
}

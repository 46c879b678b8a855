import type { ReactNode } from 'react';
import { AppShell } from './app-shell.tsx';
import { LogoutButton } from './logout-button.tsx';
import { ACCOUNT_NAV, STAFF_NAV } from './account-nav.ts';
import { SuspendedBanner } from './suspended-banner.tsx';
import { UserBadge } from './user-badge.tsx';

/** The frame of staff, agents and agencies. */
export function StaffLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell
      home="/staff/dashboard"
      label="Staff"
      sections={STAFF_NAV}
      footerSections={ACCOUNT_NAV}
      sidebarFooter={<LogoutButton />}
      headerExtra={<UserBadge />}
    >
      <SuspendedBanner />
      {children}
    </AppShell>
  );
}

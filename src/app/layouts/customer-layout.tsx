import type { ReactNode } from 'react';
import { AppShell } from './app-shell.tsx';
import { LogoutButton } from './logout-button.tsx';
import { ACCOUNT_NAV, CUSTOMER_NAV } from './account-nav.ts';
import { UserBadge } from './user-badge.tsx';

/** The customers' frame. */
export function CustomerLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell
      home="/customer/dashboard"
      label="Customer"
      sections={CUSTOMER_NAV}
      footerSections={ACCOUNT_NAV}
      sidebarFooter={<LogoutButton />}
      headerExtra={<UserBadge />}
    >
      {children}
    </AppShell>
  );
}

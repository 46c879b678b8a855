import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClass } from '../button.tsx';
import { Icon } from '../icons.tsx';
import { AppShell } from './app-shell.tsx';
import { PUBLIC_NAV } from './nav.ts';

/** The visitors' frame: public sidebar with the Login button. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell
      home="/"
      label="Public"
      sections={PUBLIC_NAV}
      sidebarFooter={
        <Link to="/login" className={buttonClass('primary', 'md', 'sidebar__login')}>
          <Icon name="login" size={18} />
          Login
        </Link>
      }
    >
      {children}
    </AppShell>
  );
}

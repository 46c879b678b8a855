import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLoadedAfterFirstPaint } from '../first-paint.ts';
import { SNAPSHOT_OMIT } from '../components/snapshot-omit.ts';
import { Brand } from '../components/brand.tsx';
import { Icon, ICONS } from '../components/icons.tsx';
import type { NavSection } from './nav.ts';
import { SidebarNav } from './sidebar-nav.tsx';

// The header's connection status and install offer come a moment after the page's content: they
// are not part of the first screen (the kept one leaves them out too), and `/` loads less.
const loadHeaderExtras = () =>
  Promise.all([import('../offline/sync-status.tsx'), import('../pwa/install-button.tsx')]).then(
    ([status, install]) => ({ SyncStatus: status.SyncStatus, InstallButton: install.InstallButton }),
  );

interface AppShellProps {
  home: '/' | '/customer/dashboard' | '/staff/dashboard';
  /** Names the navigation landmark, e.g. "Staff". */
  label: string;
  sections: NavSection[];
  /** Links kept at the bottom of the sidebar, always in view (Settings). */
  footerSections?: NavSection[];
  /** The very bottom of the sidebar: the Login button or Logout. */
  sidebarFooter: ReactNode;
  /** Shown at the end of the header, beside the sync status (e.g. who is signed in). */
  headerExtra?: ReactNode;
  children: ReactNode;
}

/**
 * Sidebar, header and content. Under 900px the sidebar becomes a drawer opened by the menu
 * button; it closes on navigation, on Escape and on a tap outside it.
 */
export function AppShell({
  home,
  label,
  sections,
  footerSections,
  sidebarFooter,
  headerExtra,
  children,
}: AppShellProps) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const headerExtras = useLoadedAfterFirstPaint(loadHeaderExtras);
  // The menu remembers the page it was opened on, so any navigation closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const sidebarId = `${label.toLowerCase()}-sidebar`;

  // Where the focus goes once the drawer has closed (the rest of the page is inert until then).
  const focusAfterClose = useRef<'menu' | 'main' | null>(null);

  useEffect(() => {
    if (!open) {
      if (focusAfterClose.current === 'menu') menuButton.current?.focus();
      if (focusAfterClose.current === 'main') mainRef.current?.focus();
      focusAfterClose.current = null;
      return;
    }
    // The drawer comes before the top bar in the page, so keyboard users are taken into it.
    sidebar.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      focusAfterClose.current = 'menu';
      setOpenOn(null);
    };
    // Widened past the drawer's breakpoint, the sidebar is a column again and nothing may stay inert.
    const wide = window.matchMedia('(min-width: 900px)');
    const onWide = () => {
      if (wide.matches) setOpenOn(null);
    };
    document.addEventListener('keydown', onKeyDown);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      wide.removeEventListener('change', onWide);
    };
  }, [open]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main" inert={open}>
        Skip to content
      </a>
      {/* A tap on a link closes the drawer, also the link of the page already shown (no navigation follows). */}
      <aside
        ref={sidebar}
        id={sidebarId}
        className="sidebar"
        data-open={open}
        onClick={(event) => {
          if (!open || !(event.target instanceof Element) || !event.target.closest('a[href]')) return;
          // The drawer hides with the focused link in it: focus moves on to the page.
          focusAfterClose.current = 'main';
          setOpenOn(null);
        }}
      >
        <div className="sidebar__brand">
          <Brand to={home} />
        </div>
        <nav className="sidebar__nav" aria-label={label}>
          <div className="sidebar__links">
            <SidebarNav sections={sections} />
          </div>
          <div className="sidebar__footer">
            {footerSections ? <SidebarNav sections={footerSections} /> : null}
            {sidebarFooter}
          </div>
        </nav>
      </aside>
      {open ? (
        <div className="shell__backdrop" aria-hidden="true" onClick={() => setOpenOn(null)} {...SNAPSHOT_OMIT} />
      ) : null}
      {/* While the drawer is open it is the only thing the keyboard and screen readers reach. */}
      <header className="topbar" inert={open}>
        <button
          ref={menuButton}
          type="button"
          className="topbar__menu"
          aria-expanded={open}
          aria-controls={sidebarId}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <Icon icon={open ? ICONS.close : ICONS.menu} size={22} />
          <span className="visually-hidden">Menu</span>
        </button>
        <div className="topbar__brand">
          <Brand to={home} />
        </div>
        <div className="topbar__end">
          {headerExtras ? (
            <>
              <headerExtras.SyncStatus />
              <headerExtras.InstallButton />
            </>
          ) : (
            <span className="sync-status-placeholder" aria-hidden="true" />
          )}
          {headerExtra}
        </div>
      </header>
      <main ref={mainRef} id="main" className="shell__main" tabIndex={-1} inert={open}>
        {children}
      </main>
    </div>
  );
}

import type { LinkProps } from '@tanstack/react-router';
import { ICONS, type IconPath } from '../components/icons.tsx';

export interface NavItem {
  to: NonNullable<LinkProps['to']>;
  label: string;
  icon: IconPath;
  /** Active only on this exact path (the `/` link would otherwise match every page). */
  exact?: boolean;
}

/** A sidebar group; the first group of a sidebar usually has no title. */
export interface NavSection {
  title?: string;
  items: NavItem[];
}

/** SPEC §2, public sidebar ("Become an Partner" mended to "Become a Partner"). */
export const PUBLIC_NAV: NavSection[] = [
  {
    items: [
      { to: '/', label: 'Available Vehicles', icon: ICONS.car, exact: true },
      { to: '/about', label: 'About Us', icon: ICONS.info },
      { to: '/contact', label: 'Contact', icon: ICONS.mail },
      { to: '/agent-signup', label: 'Become a Partner', icon: ICONS.handshake },
      { to: '/agent-signup', label: 'Register your Agency', icon: ICONS.building },
      { to: '/register-customer', label: 'Register', icon: ICONS.userPlus },
    ],
  },
];

import type { LinkProps } from '@tanstack/react-router';
import type { IconName } from '../icons.tsx';

export interface NavItem {
  to: NonNullable<LinkProps['to']>;
  label: string;
  icon: IconName;
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
      { to: '/', label: 'Available Vehicles', icon: 'car', exact: true },
      { to: '/about', label: 'About Us', icon: 'info' },
      { to: '/contact', label: 'Contact', icon: 'mail' },
      { to: '/agent-signup', label: 'Become a Partner', icon: 'handshake' },
      { to: '/agent-signup', label: 'Register your Agency', icon: 'building' },
      { to: '/register-customer', label: 'Register', icon: 'userPlus' },
    ],
  },
];

/** SPEC §2, customer sidebar. */
export const CUSTOMER_NAV: NavSection[] = [
  { items: [{ to: '/public-customers/book-vehicle', label: 'Book a Vehicle', icon: 'car' }] },
  {
    title: 'Bookings',
    items: [
      { to: '/bookings/list', label: 'Bookings', icon: 'calendar' },
      { to: '/customer/booking-requests', label: 'Booking Requests', icon: 'inbox' },
    ],
  },
];

/** SPEC §2, staff sidebar (staff, agent and agency). */
export const STAFF_NAV: NavSection[] = [
  { items: [{ to: '/staff/dashboard', label: 'Dashboard', icon: 'dashboard' }] },
  {
    title: 'Fleet',
    items: [
      { to: '/fleet/vehicles', label: 'Vehicles', icon: 'car' },
      { to: '/fleet/maintenance', label: 'Maintenance Records', icon: 'wrench' },
      { to: '/fleet/unavailability', label: 'Unavailability', icon: 'calendarOff' },
    ],
  },
  {
    title: 'Customers',
    items: [
      { to: '/customers/list', label: 'Customer List', icon: 'users' },
      { to: '/customers/bookings', label: 'Bookings', icon: 'calendar' },
      { to: '/customers/analytics', label: 'Analytics', icon: 'chart' },
    ],
  },
  { title: 'Suppliers', items: [{ to: '/suppliers/list', label: 'Supplier List', icon: 'truck' }] },
  {
    title: 'Bookings',
    items: [
      { to: '/bookings/list', label: 'Bookings', icon: 'list' },
      { to: '/bookings/requests', label: 'Booking Requests', icon: 'inbox' },
    ],
  },
  {
    title: 'Finances',
    items: [
      { to: '/finances/payments', label: 'Payments', icon: 'card' },
      { to: '/finances/invoices', label: 'Booking Invoices', icon: 'file' },
    ],
  },
];

/** The end of the customer and staff sidebars, kept in view beside Logout. */
export const ACCOUNT_NAV: NavSection[] = [{ items: [{ to: '/settings', label: 'Settings', icon: 'settings' }] }];

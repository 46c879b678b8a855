import { ACCOUNT_ICONS } from '../components/account-icons.ts';
import { ICONS } from '../components/icons.tsx';
import type { NavSection } from './nav.ts';

/** SPEC §2, customer sidebar. */
export const CUSTOMER_NAV: NavSection[] = [
  { items: [{ to: '/public-customers/book-vehicle', label: 'Book a Vehicle', icon: ICONS.car }] },
  {
    title: 'Bookings',
    items: [
      { to: '/bookings/list', label: 'Bookings', icon: ACCOUNT_ICONS.calendar },
      { to: '/customer/booking-requests', label: 'Booking Requests', icon: ACCOUNT_ICONS.inbox },
    ],
  },
];

/** SPEC §2, staff sidebar (staff, agent and agency). */
export const STAFF_NAV: NavSection[] = [
  { items: [{ to: '/staff/dashboard', label: 'Dashboard', icon: ACCOUNT_ICONS.dashboard }] },
  {
    title: 'Fleet',
    items: [
      { to: '/fleet/vehicles', label: 'Vehicles', icon: ICONS.car },
      { to: '/fleet/planner', label: 'Planner', icon: ACCOUNT_ICONS.calendar },
      { to: '/fleet/maintenance', label: 'Maintenance Records', icon: ACCOUNT_ICONS.wrench },
      { to: '/fleet/unavailability', label: 'Unavailability', icon: ACCOUNT_ICONS.calendarOff },
    ],
  },
  {
    title: 'Customers',
    items: [
      { to: '/customers/list', label: 'Customer List', icon: ACCOUNT_ICONS.users },
      { to: '/customers/bookings', label: 'Bookings', icon: ACCOUNT_ICONS.calendar },
      { to: '/customers/analytics', label: 'Analytics', icon: ACCOUNT_ICONS.chart },
    ],
  },
  { title: 'Suppliers', items: [{ to: '/suppliers/list', label: 'Supplier List', icon: ACCOUNT_ICONS.truck }] },
  {
    title: 'Bookings',
    items: [
      { to: '/bookings/list', label: 'Bookings', icon: ACCOUNT_ICONS.list },
      { to: '/bookings/requests', label: 'Booking Requests', icon: ACCOUNT_ICONS.inbox },
      { to: '/bookings/history', label: 'Booking History', icon: ACCOUNT_ICONS.calendar },
    ],
  },
  {
    title: 'Finances',
    items: [
      { to: '/finances/payments', label: 'Payments', icon: ACCOUNT_ICONS.card },
      { to: '/finances/invoices', label: 'Booking Invoices', icon: ACCOUNT_ICONS.file },
    ],
  },
];

/** The end of the customer and staff sidebars, kept in view beside Logout. */
export const ACCOUNT_NAV: NavSection[] = [
  { items: [{ to: '/settings', label: 'Settings', icon: ACCOUNT_ICONS.settings }] },
];

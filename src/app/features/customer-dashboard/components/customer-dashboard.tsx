import { Link, type LinkProps } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { ACCOUNT_ICONS } from '../../../components/account-icons.ts';
import { Icon, ICONS, type IconPath } from '../../../components/icons.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { useOutboxEntries } from '../../../offline/outbox.ts';
import { EmailConfirmationNotice } from './email-confirmation-notice.tsx';
import '../customer-dashboard.css';

interface Shortcut {
  to: NonNullable<LinkProps['to']>;
  title: string;
  text: string;
  icon: IconPath;
}

const SHORTCUTS: Shortcut[] = [
  {
    to: '/public-customers/book-vehicle',
    title: 'Book a Vehicle',
    text: 'Browse the available vehicles and send a booking request.',
    icon: ICONS.car,
  },
  {
    to: '/customer/booking-requests',
    title: 'My Booking Requests',
    text: 'Follow your requests and confirm the accepted ones.',
    icon: ACCOUNT_ICONS.inbox,
  },
  {
    to: '/bookings/list',
    title: 'My Bookings',
    text: 'Your confirmed bookings, their dates and amounts.',
    icon: ACCOUNT_ICONS.calendar,
  },
];

const plural = (count: number) => `${count} booking ${count === 1 ? 'request' : 'requests'}`;

interface CustomerDashboardProps {
  userId: number;
  firstName: string;
}

/** `/customer/dashboard`: the welcome, the ways on, and the requests this device has not sent yet. */
export function CustomerDashboard({ userId, firstName }: CustomerDashboardProps) {
  // Only this customer's: a shared tablet may hold another account's requests, waiting for its sign-in.
  const requests = useOutboxEntries({ kind: 'booking-request' }).filter(
    (entry) => entry.userId === null || entry.userId === userId,
  );
  const refused = requests.filter((entry) => entry.state === 'attention' || entry.state === 'conflict').length;
  const waiting = requests.length - refused;
  return (
    <div className="page">
      <PageHeader
        title={firstName ? `Welcome, ${firstName}!` : 'Welcome!'}
        description="Book a vehicle, follow your booking requests and confirm them when they are accepted."
      />
      {waiting > 0 ? (
        <StatusMessage tone="info">
          {plural(waiting)} waiting to send. {waiting === 1 ? 'It goes' : 'They go'} automatically when the connection
          returns.
        </StatusMessage>
      ) : null}
      {refused > 0 ? (
        <StatusMessage tone="warning">
          {plural(refused)} could not be sent and {refused === 1 ? 'needs' : 'need'} your attention: open the pending
          changes at the top of the page.
        </StatusMessage>
      ) : null}
      <EmailConfirmationNotice />
      <nav aria-label="Shortcuts">
        <ul className="dashboard-shortcuts">
          {SHORTCUTS.map((shortcut) => (
            <li key={shortcut.to}>
              <Link to={shortcut.to} className="dashboard-shortcut">
                <span className="dashboard-shortcut__icon" aria-hidden="true">
                  <Icon icon={shortcut.icon} size={24} />
                </span>
                <span className="dashboard-shortcut__title">{shortcut.title}</span>
                <span className="dashboard-shortcut__text">{shortcut.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

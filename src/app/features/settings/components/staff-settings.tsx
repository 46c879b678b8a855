import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { isStaffRole } from '#domain/constants';
import { useSession } from '../../session/index.ts';
import { AgencyPanel } from './agency-panel.tsx';
import { DevicePanel } from './device-panel.tsx';
import { LocationsPanel } from './locations-panel.tsx';
import { OwnProfileForm } from './own-profile-form.tsx';
import { PasswordForm } from './password-form.tsx';
import { PrintLabelsPanel } from './print-labels-panel.tsx';
import { TeamPanel } from './team-panel.tsx';
import { TermsPanel } from './terms-panel.tsx';
import '../settings.css';

/** `/settings` for the operator, agencies and agents: their own details, password, their agency's profile, a link to the agency's rates and extras, its rental terms, an agency owner's team, an agency's pickup locations, the vehicles' QR labels, and this device. */
export function StaffSettings() {
  const user = useSession();
  return (
    <div className="page settings-page">
      <PageHeader title="Settings" description="Your details, password and this device's offline data." />
      {user ? (
        <section className="panel settings-panel">
          <OwnProfileForm user={user} />
        </section>
      ) : null}
      <section className="panel settings-panel">
        <PasswordForm />
      </section>
      {user?.role === 'agency' || user?.role === 'agent' ? (
        <div className="panel settings-panel">
          <AgencyPanel canEdit={user.role === 'agency'} />
        </div>
      ) : null}
      {user?.role === 'agency' || user?.role === 'agent' ? (
        <section className="panel settings-panel" aria-labelledby="rates-link-title">
          <h2 id="rates-link-title" className="settings-panel__title">
            Rates & extras
          </h2>
          <p className="settings-panel__lead">
            {user.role === 'agency'
              ? 'Your price list: vehicle categories, seasons, length tiers, extras, one-way fees, and fees and terms.'
              : "Your agency's price list: vehicle categories, seasons, length tiers, extras and fees. Only the agency owner changes it."}
          </p>
          <div>
            <Link to="/settings/rates" className={buttonClass('secondary')}>
              Rates & extras
            </Link>
          </div>
        </section>
      ) : null}
      {user?.role === 'agency' || user?.role === 'agent' ? (
        <div className="panel settings-panel">
          <TermsPanel canEdit={user.role === 'agency'} />
        </div>
      ) : null}
      {user?.role === 'agency' ? (
        <div className="panel settings-panel">
          <TeamPanel />
        </div>
      ) : null}
      {user?.role === 'agency' || user?.role === 'agent' ? (
        <div className="panel settings-panel">
          <LocationsPanel />
        </div>
      ) : null}
      {/* GET staff-vehicles/labels/ answers staff, agencies and agents (STAFF_ROLES). */}
      {isStaffRole(user?.role) ? (
        <div className="panel settings-panel">
          <PrintLabelsPanel />
        </div>
      ) : null}
      {user ? (
        <div className="panel settings-panel">
          <DevicePanel user={user} />
        </div>
      ) : null}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AgencyStatus } from '#domain/constants';
import { buttonClass } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { locationsQueryOptions, useOwnAgency, type AgencyProfile } from '../../settings/index.ts';
import { SUPPLIER_STATUS_LABELS, SUPPLIER_STATUS_TONES } from './supplier-status.ts';

/** What each status means for the agency's own users. */
const STATUS_MEANING: Record<AgencyStatus, string> = {
  approved: 'Your vehicles are on the public list and customers can ask to book them.',
  pending:
    'The platform operator has not approved your agency yet: your vehicles are not on the public list until then.',
  suspended:
    'You can view your data but not change it, and your vehicles are not on the public list. Contact the platform operator to have your agency reinstated.',
};

const count = (value: number, one: string, many: string) => `${value} ${value === 1 ? one : many}`;

/**
 * /suppliers/list for an agency owner or agent: their own agency as the platform knows it, read
 * only (GET agency/ and the total of GET locations/); the owner is pointed to Settings to change it.
 */
export function OwnAgencyView({ isOwner }: { isOwner: boolean }) {
  const agency = useOwnAgency();
  return (
    <div className="page">
      <PageHeader title="Supplier List" description="Your agency as the platform lists it." />
      {agency.data ? (
        <AgencyCard agency={agency.data} isOwner={isOwner} />
      ) : (
        <QueryFallback
          query={agency}
          loadingLabel="Loading your agency..."
          failure="Your agency could not be loaded."
          offline="Your agency will appear when the connection returns."
        />
      )}
    </div>
  );
}

function AgencyCard({ agency, isOwner }: { agency: AgencyProfile; isOwner: boolean }) {
  const locations = useQuery(locationsQueryOptions());
  return (
    <section className="own-agency" aria-labelledby="own-agency-name">
      <div className="own-agency__head">
        {agency.logo ? (
          <img className="own-agency__logo" src={agency.logo} alt={`${agency.name} logo`} width={64} height={64} />
        ) : (
          <span className="own-agency__logo own-agency__logo--none" aria-hidden="true">
            {agency.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="own-agency__title">
          <h2 id="own-agency-name">{agency.name}</h2>
          <StatusBadge tone={SUPPLIER_STATUS_TONES[agency.status]}>{SUPPLIER_STATUS_LABELS[agency.status]}</StatusBadge>
        </div>
      </div>
      <p className="own-agency__meaning">{STATUS_MEANING[agency.status]}</p>
      <dl className="own-agency__facts">
        <div>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${agency.contact_email}`}>{agency.contact_email}</a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{agency.phone_number}</dd>
        </div>
        <div>
          <dt>Vehicles</dt>
          <dd>{count(agency.vehicle_count, 'vehicle', 'vehicles')}</dd>
        </div>
        <div>
          <dt>Pickup locations</dt>
          <dd>
            {locations.data
              ? count(locations.data.total, 'pickup location', 'pickup locations')
              : locations.isError
                ? 'Not available'
                : 'Loading...'}
          </dd>
        </div>
      </dl>
      {agency.status === 'suspended' ? null : isOwner ? (
        <p className="own-agency__edit">
          <Link to="/settings" className={buttonClass('secondary')}>
            Edit in Settings
          </Link>
        </p>
      ) : (
        <p className="own-agency__edit">Only the agency owner can change these details.</p>
      )}
    </section>
  );
}

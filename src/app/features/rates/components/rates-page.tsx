import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { useOnline } from '../../../offline/connectivity.ts';
import { useSession } from '../../session/index.ts';
import { CategoriesPanel } from './categories-panel.tsx';
import { ExtrasPanel } from './extras-panel.tsx';
import { OneWayFeesPanel } from './one-way-fees-panel.tsx';
import { SeasonsPanel } from './seasons-panel.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import { TiersPanel } from './tiers-panel.tsx';
import '../rates.css';

export const APPLIES_TO_NEW_QUOTES =
  'Changes apply to new quotes only: existing bookings and requests keep their price.';

/**
 * `/settings/rates`, Settings → Rates & extras: the agency's price list. The owner changes it;
 * agents read it; the operator, who has no agency, is told where rates live.
 */
export function RatesPage() {
  const user = useSession();
  const online = useOnline();
  const agency = user?.agency ?? null;
  const canEdit = user?.role === 'agency' && agency?.status !== 'suspended';
  return (
    <div className="page rates-page">
      <PageHeader
        title="Rates & extras"
        description="Your price list: categories, seasons, length tiers, extras, one-way fees and terms."
        actions={
          <Link to="/settings" className={buttonClass('ghost', 'sm')}>
            Back to Settings
          </Link>
        }
      />
      {user && !agency ? (
        <StatusMessage tone="info">
          Rates & extras belong to each agency: its owner sets them in their own Settings.
        </StatusMessage>
      ) : (
        <>
          <StatusMessage tone="info">{APPLIES_TO_NEW_QUOTES}</StatusMessage>
          {user && !canEdit ? (
            <p className="rates-panel__lead">
              {user.role === 'agency'
                ? 'Your agency is suspended: its rates can be read but not changed.'
                : 'Only the agency owner changes rates. You can read them here.'}
            </p>
          ) : null}
          {user ? (
            <>
              <CategoriesPanel canEdit={canEdit} online={online} />
              <SeasonsPanel canEdit={canEdit} online={online} />
              <TiersPanel canEdit={canEdit} online={online} />
              <ExtrasPanel canEdit={canEdit} online={online} />
              <OneWayFeesPanel canEdit={canEdit} online={online} />
              <SettingsPanel canEdit={canEdit} online={online} />
            </>
          ) : null}
        </>
      )}
    </div>
  );
}

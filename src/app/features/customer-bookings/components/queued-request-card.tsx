import type { OutboxEntry } from '../../../offline/outbox.ts';
import { useCurrency } from '#app/lib/currency';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { ESTIMATE_TITLE } from '../../booking-requests/index.ts';

const STATE_TEXT: Record<OutboxEntry['state'], string> = {
  waiting: 'Queued',
  sending: 'Sending...',
  attention: 'Needs attention',
  conflict: 'Needs attention',
  paused: 'Waiting for you to sign in',
};

/**
 * A request saved on this device that the server has not accepted yet (it is in the outbox), with
 * the total the device estimated for it: the agency's quote replaces it once sent (issue 21).
 */
export function QueuedRequestCard({ entry }: { entry: OutboxEntry }) {
  const currency = useCurrency();
  const refused = entry.state === 'attention' || entry.state === 'conflict';
  const { estimate } = entry.request;
  return (
    <article className={`request-card request-card--queued${refused ? ' request-card--refused' : ''}`}>
      <div className="request-card__body">
        <div className="request-card__heading">
          <h3 className="request-card__title">{entry.label}</h3>
          <span className={`badge ${refused ? 'badge--danger' : 'badge--neutral'}`}>Waiting to send</span>
        </div>
        <p className="request-card__state">
          <strong>{STATE_TEXT[entry.state]}</strong> · saved {formatDateTime(new Date(entry.createdAt))}
        </p>
        {estimate !== undefined ? (
          <dl className="facts">
            <div className="facts__item facts__item--wide">
              <dt>{ESTIMATE_TITLE}</dt>
              <dd>{formatMoney(estimate, currency)}</dd>
            </div>
          </dl>
        ) : null}
        {refused ? (
          <p className="request-card__note request-card__note--error">
            The server refused this request{entry.lastError ? `: ${entry.lastError}` : '.'} Open the sync status (the
            Online/Offline button at the top of the page) to retry or discard it.
          </p>
        ) : (
          <p className="request-card__note">Saved on this device. It will be sent as soon as there is a connection.</p>
        )}
      </div>
    </article>
  );
}

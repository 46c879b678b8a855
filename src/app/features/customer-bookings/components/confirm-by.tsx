import { formatDateTime } from '../../../lib/format.ts';

/** What an accepted request whose hold ended says instead of the way on. */
export const EXPIRED_NOTE =
  'The time to confirm this request has ended, so the vehicle is no longer kept for you. You are welcome to send a new request.';

/** "Confirm by 28 Nov 2026, 14:00": while the agency keeps the vehicle for the customer (decision 035). */
export function ConfirmBy({ holdUntil }: { holdUntil: string }) {
  return (
    <p className="request-card__deadline">
      Confirm by <time dateTime={holdUntil}>{formatDateTime(holdUntil)}</time>
    </p>
  );
}

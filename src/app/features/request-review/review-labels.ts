import type { RequestStatus } from '#domain/constants';
import type { ShownRequestStatus } from '#domain/request-hold';

/** The Status select's words (SPEC §2): Pending, Accept, Decline. */
export const DECISION_OPTIONS: readonly { value: RequestStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'accepted', label: 'Accept' },
  { value: 'declined', label: 'Decline' },
];

export function decisionLabel(status: RequestStatus): string {
  return DECISION_OPTIONS.find((option) => option.value === status)?.label ?? status;
}

/** How a status reads on a badge or in a filter; "Expired" is an accepted request whose hold ended. */
export const STATUS_NAMES: Record<ShownRequestStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

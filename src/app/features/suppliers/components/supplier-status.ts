import type { AgencyStatus } from '#domain/constants';
import type { BadgeTone } from '../../../lib/booking-labels.ts';

export const SUPPLIER_STATUS_LABELS: Record<AgencyStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  suspended: 'Suspended',
};

export const SUPPLIER_STATUS_TONES: Record<AgencyStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  suspended: 'danger',
};

/** The one action a status offers, with its confirmation. */
export function statusAction(status: AgencyStatus, name: string) {
  if (status === 'pending')
    return {
      label: 'Approve',
      next: 'approved' as const,
      message: `Approve ${name}? Its vehicles will appear on the public list at once.`,
    };
  if (status === 'approved')
    return {
      label: 'Suspend',
      next: 'suspended' as const,
      message: `Suspend ${name}? Its vehicles leave the public list and its users can only view their data.`,
    };
  return {
    label: 'Reinstate',
    next: 'approved' as const,
    message: `Reinstate ${name}? Its vehicles return to the public list and its users can work again.`,
  };
}

import { localIsoDate } from '#domain/dates';
import { serviceState } from '#domain/service-due';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDate } from '../../../lib/format.ts';

/** "Service overdue" (red) or "Service due 01/12/2026" (yellow) when within 14 days; nothing otherwise. */
export function ServiceFlag({ nextServiceDate }: { nextServiceDate: string }) {
  const state = serviceState(nextServiceDate, localIsoDate());
  if (state === 'ok') return null;
  return state === 'overdue' ? (
    <StatusBadge tone="danger">{`Service overdue since ${formatDate(nextServiceDate)}`}</StatusBadge>
  ) : (
    <StatusBadge tone="warning">{`Service due ${formatDate(nextServiceDate)}`}</StatusBadge>
  );
}

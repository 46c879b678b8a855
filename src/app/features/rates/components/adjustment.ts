import type { AdjustmentKind } from '#domain/api/rate-plan';
import { formatMoney } from '../../../lib/format.ts';
import { percentText } from '../percent.ts';

/** A season's or a tier's change to the day rate, as the lists say it: "£80.00 a day", "+20 %". */
export function adjustmentText(
  adjustment: { adjustment_kind: AdjustmentKind; day_rate: string | null; basis_points: number | null },
  currency: string,
): string {
  if (adjustment.adjustment_kind === 'day_rate') {
    return adjustment.day_rate === null ? 'A day rate' : `${formatMoney(adjustment.day_rate, currency)} a day`;
  }
  return adjustment.basis_points === null ? 'A percentage' : percentText(adjustment.basis_points);
}

export const ADJUSTMENT_CHOICES: { value: AdjustmentKind; label: string }[] = [
  { value: 'percent', label: 'A percentage of the base rate' },
  { value: 'day_rate', label: 'A day rate of its own' },
];

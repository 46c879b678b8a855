/** An invoice's arithmetic, in minor units; the server stores it and the draft editor previews it. */

export interface LineSum {
  quantity: number;
  unit_amount: number;
}

/** Tax on a subtotal at a rate in basis points, rounded half away from zero to the minor unit. */
export function taxOn(subtotal: number, rateBasisPoints: number): number {
  const exact = (Math.abs(subtotal) * rateBasisPoints) / 10_000;
  return Math.sign(subtotal) * Math.round(exact);
}

export function invoiceSums(
  lines: readonly LineSum[],
  rateBasisPoints: number,
): { subtotal: number; tax: number; total: number } {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unit_amount, 0);
  const tax = taxOn(subtotal, rateBasisPoints);
  return { subtotal, tax, total: subtotal + tax };
}

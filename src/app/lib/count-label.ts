/**
 * How a list counts what it shows: "1 vehicle", "12 vehicles" when everything is on screen,
 * "Showing 12 of 30 vehicles" only when fewer than the total are (30+ when the server stopped
 * counting). `plural` is the list's noun ("booking requests"); its singular drops the final s.
 */
export function countLabel(shown: number, total: number, plural: string, totalCapped = false): string {
  const noun = (count: number) => (count === 1 ? plural.replace(/s$/, '') : plural);
  if (shown >= total && !totalCapped) return `${total} ${noun(total)}`;
  return `Showing ${shown} of ${totalCapped ? `${total}+` : total} ${noun(totalCapped ? total + 1 : total)}`;
}

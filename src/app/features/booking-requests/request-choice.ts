import type { PickupLocationView } from '#domain/api/vehicles';
import type { ChosenExtra } from './components/extras-fieldset.tsx';

/** "Leeds Station" names its city already; "Manchester Piccadilly" too; others get it added. */
export function locationLabel(location: PickupLocationView): string {
  return location.name.toLowerCase().includes(location.city.toLowerCase())
    ? location.name
    : `${location.name}, ${location.city}`;
}

/** A form's id field as typed so far: a number, or null while blank or not a whole number. */
export function wholeOrNull(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || String(value).trim() === '') return null;
  const number = Number(value);
  return Number.isInteger(number) ? number : null;
}

/** The form's `extras` as the quote reads them (a missing quantity is one, as the schema says). */
export function chosenExtras(
  extras: { extra_id?: string | number; quantity?: string | number | null }[] | undefined,
): ChosenExtra[] {
  return (extras ?? []).flatMap((extra) => {
    const extraId = wholeOrNull(extra.extra_id);
    return extraId === null ? [] : [{ extraId, quantity: wholeOrNull(extra.quantity) ?? 1 }];
  });
}

/** The choice with `quantity` of one extra (none at 0), in the plan's order as the quote lists them. */
export function withQuantity(chosen: ChosenExtra[], extraId: number, quantity: number): ChosenExtra[] {
  const others = chosen.filter((extra) => extra.extraId !== extraId);
  const next = quantity > 0 ? [...others, { extraId, quantity }] : others;
  return next.sort((a, b) => a.extraId - b.extraId);
}

/** The quote's extras as the form keeps them. */
export function extrasValue(chosen: ChosenExtra[]): { extra_id: number; quantity: number }[] {
  return chosen.map((extra) => ({ extra_id: extra.extraId, quantity: extra.quantity }));
}

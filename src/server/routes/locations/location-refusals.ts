export const LOCATION_NOT_FOUND = 'Pickup location not found.';

/** Why a location cannot be removed, in words the desk can act on. */
export function locationInUse(use: { vehicles: number; upcoming: number }): string {
  const parts: string[] = [];
  if (use.vehicles > 0) parts.push(`${use.vehicles} ${use.vehicles === 1 ? 'vehicle' : 'vehicles'}`);
  if (use.upcoming > 0) {
    parts.push(`${use.upcoming} upcoming ${use.upcoming === 1 ? 'booking or request' : 'bookings or requests'}`);
  }
  return `This location is used by ${parts.join(' and ')}; it cannot be removed until they no longer use it.`;
}

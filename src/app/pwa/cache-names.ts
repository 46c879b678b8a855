/** Names shared by the service worker and the page (which warms and clears these caches). */
export const SW_CACHES = {
  publicVehicles: 'fleet-public-vehicles',
  staffVehicles: 'fleet-staff-vehicles',
  vehicleImages: 'fleet-vehicle-images',
  agencyLogos: 'fleet-agency-logos',
  /** The landing as a visitor last saw it, put into the shell by the worker (pwa/first-screen.ts). */
  firstScreen: 'fleet-first-screen',
} as const;

/** The only URL paths the service worker caches at run time; everything else under /api/ is never stored. */
export const RUNTIME_CACHED_PATHS = {
  publicVehicles: '/api/public-vehicles/',
  staffVehicles: '/api/staff-vehicles/',
  vehicleImages: '/media/vehicles/',
  agencyLogos: '/media/agencies/',
} as const;

/** Caches holding answers that depend on who is signed in: dropped when the user changes. */
export const USER_CACHES: readonly string[] = [SW_CACHES.staffVehicles];

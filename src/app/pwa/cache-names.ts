/** Names shared by the service worker and the page (which warms and clears these caches). */
export const SW_CACHES = {
  publicVehicles: 'fleet-public-vehicles',
  staffVehicles: 'fleet-staff-vehicles',
  vehicleImages: 'fleet-vehicle-images',
  agencyLogos: 'fleet-agency-logos',
  /** The landing as a visitor last saw it, put into the shell by the worker (pwa/first-screen.ts). */
  firstScreen: 'fleet-first-screen',
  /** The app's own code left out of the precache (the charts: decision 046), kept once fetched. */
  laterChunks: 'fleet-later-chunks',
} as const;

/** The only URL paths the service worker caches at run time; everything else under /api/ is never stored. */
export const RUNTIME_CACHED_PATHS = {
  publicVehicles: '/api/public-vehicles/',
  staffVehicles: '/api/staff-vehicles/',
  vehicleImages: '/media/vehicles/',
  agencyLogos: '/media/agencies/',
} as const;

/**
 * Files under a cached path that are made for one download and never kept (sendPrivateFile): the
 * vehicles' QR labels PDF sits under the staff vehicles' lists but is no list to read offline.
 */
export const UNCACHED_FILE_PATHS = ['/api/staff-vehicles/labels/'] as const;

/**
 * Built chunks the precache leaves out (decisions 046, 059, 061), by file name: code only one
 * rarely opened, online part of a screen needs (the charts), only some browsers (the QR decoder),
 * or only staff, who fetch it on any staff page (the planner). Fetched when first needed, then
 * kept (CacheFirst: hashed names).
 */
export const LATER_CHUNKS = ['charts-', 'qr-decoder-', 'fleet.planner-'] as const;

/** Whether a same-origin path is one of those chunks (`/assets/charts-….js`). */
export function isLaterChunk(pathname: string): boolean {
  if (!pathname.startsWith('/assets/') || !pathname.endsWith('.js')) return false;
  const name = pathname.slice('/assets/'.length);
  return LATER_CHUNKS.some((prefix) => name.startsWith(prefix));
}

/** Caches holding answers that depend on who is signed in: dropped when the user changes. */
export const USER_CACHES: readonly string[] = [SW_CACHES.staffVehicles];

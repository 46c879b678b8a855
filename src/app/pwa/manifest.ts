import type { ManifestOptions } from 'vite-plugin-pwa';

/** The install manifest: name, colours, icons (a separate maskable one) and store screenshots. */
export const pwaManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Fleet Rental',
  short_name: 'Fleet',
  description: 'Rent a vehicle, manage your bookings, run your fleet — also offline.',
  lang: 'en-GB',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: '#0f4c5c',
  background_color: '#f6f7f9',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    {
      src: '/screenshots/narrow.png',
      sizes: '390x844',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Available vehicles on a phone',
    },
    {
      src: '/screenshots/wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Available vehicles on a desktop',
    },
  ],
};

import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHints } from './scripts/vite/compile-hints.ts';
import { precompress } from './scripts/vite/precompress.ts';
import { preloadApp } from './scripts/vite/preload-app.ts';
import { stylesAfterShell } from './scripts/vite/styles-after-shell.ts';
import { LATER_CHUNKS } from './src/app/pwa/cache-names.ts';
import { pwaManifest } from './src/app/pwa/manifest.ts';
import { sourceAliases } from './vitest.config.ts';

/** The libraries the shell and the landing page run on (not the form, chart or date libraries of other screens). */
const LANDING_VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|react-store|store|react-query|query-core|query-persist-client-core|react-query-persist-client))[\\/]/;
/**
 * Parts of those libraries that only other screens use (writes, endless lists): outside the group,
 * they go to a chunk loaded with the first screen that needs them, not with `/`.
 */
const LATER_VENDOR =
  /@tanstack[\\/](query-core[\\/]build[\\/]modern[\\/](mutationObserver|infiniteQueryObserver)|react-query[\\/]build[\\/]modern[\\/](useMutation|useInfiniteQuery|infiniteQueryOptions))\.js$/;
/** The app code of the shell and the vehicle browse that `/` shows. */
const LANDING_APP =
  /src[\\/](domain[\\/]constants|app[\\/](features[\\/]vehicles[\\/]|features[\\/]session[\\/](guards|pending-logout|api[\\/]get-session)|lib[\\/](format|api-client|search-params|currency|public-vehicle-keys)|offline[\\/]last-updated|pwa[\\/]install-capture|components[\\/](snapshot-omit|brand|button|icons|empty-state|loading-state|status-message|page-header|route-error)|layouts[\\/](app-shell|public-layout|nav|sidebar-nav)))/;

/** Landing code that waits for the first paint (first-paint.ts): its own chunk, fetched after. */
const AFTER_FIRST_PAINT =
  /src[\\/]app[\\/]features[\\/]vehicles[\\/](components[\\/]carousel-controls\.tsx$|after-paint[\\/])/;

/** The entry's own modules: in the landing chunk too, so the entry file is only its import. */
const APP_START = /src[\\/]app[\\/](boot|start|app|router|route-tree\.gen|query-client|first-paint)\.tsx?$/;

/** Changes with every build: part of the persisted cache's buster and shown in the update prompt. */
const BUILD_ID = process.env.BUILD_ID ?? new Date().toISOString();

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/app/routes',
      generatedRouteTree: 'src/app/route-tree.gen.ts',
      autoCodeSplitting: true,
      // A route's loader travels with its screen: the queries it prefetches (and their API code)
      // stay out of the initial bundle, which holds only the route tree and the guards.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
        // `/` is where the installed app opens: its screen comes with the entry, not one request later.
        splitBehavior: ({ routeId }) => (routeId === '/' ? [] : undefined),
      },
    }),
    react(),
    compileHints(),
    preloadApp(/src[\\/]app[\\/]boot\.tsx$/),
    // After preloadApp: it adds stylesheets too.
    stylesAfterShell(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/app',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: pwaManifest,
      // The install icons are for the browser and the OS, which fetch and keep them when the app
      // is installed (online); no page shows them, so they stay out of every device's precache.
      includeManifestIcons: false,
      injectManifest: {
        // The shell and its code; vehicle images are cached at run time, never precached.
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        // Chunks one rarely opened screen part needs are cached when first shown (decision 046).
        globIgnores: ['**/screenshots/**', ...LATER_CHUNKS.map((prefix) => `**/assets/${prefix}*`)],
      },
    }),
    precompress(),
  ],
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  resolve: {
    alias: [
      ...sourceAliases,
      // TanStack Store reads its selectors through the shim for React < 18, which ships its own
      // copy of useSyncExternalStore; React 19 has it, and the package's non-shim entry uses it.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    // Written beside each file for debugging and the bench's breakdown, but not named in the
    // files: a `sourceMappingURL` line in each of 150 chunks is 5.6 KB of every device's precache.
    sourcemap: 'hidden',
    // A screen's chunk finds its own imports when it loads (from the precache, offline or not):
    // listing every lazy chunk's dependencies in the entry would grow the JS of `/` with each screen.
    // No polyfill: every browser the app supports preloads modules, and the rest only loads them later.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        // What every first visit of `/` needs, in two files rather than twenty small ones: each
        // separate chunk costs its own gzip dictionary and import boilerplate. Code that only
        // other screens use stays out of both groups and loads with its route.
        codeSplitting: {
          groups: [
            // The entry's only import: taking it from the landing chunk would run that chunk (and
            // the vendor one) before the page's first frame, which the entry waits for.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 2 },
            { name: 'vendor', test: (id: string) => LANDING_VENDOR.test(id) && !LATER_VENDOR.test(id) },
            // jsQR, the Scan dialog's decoder where the browser has none: named, so that
            // LATER_CHUNKS can leave it out of the precache (decision 059).
            { name: 'qr-decoder', test: /[\\/]node_modules[\\/]jsqr[\\/]/ },
            {
              name: 'landing',
              test: (id: string) => (LANDING_APP.test(id) && !AFTER_FIRST_PAINT.test(id)) || APP_START.test(id),
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});

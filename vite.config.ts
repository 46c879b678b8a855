import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaManifest } from './src/app/pwa/manifest.ts';
import { sourceAliases } from './vitest.config.ts';

/** Changes with every build: part of the persisted cache's buster and shown in the update prompt. */
const BUILD_ID = process.env.BUILD_ID ?? new Date().toISOString();

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/app/routes',
      generatedRouteTree: 'src/app/route-tree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/app',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: pwaManifest,
      injectManifest: {
        // The shell and its code; vehicle images are cached at run time, never precached.
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        globIgnores: ['**/screenshots/**'],
      },
    }),
  ],
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  resolve: { alias: sourceAliases },
  build: { outDir: 'dist/app', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sourceAliases } from './vitest.config.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: sourceAliases },
  build: { outDir: 'dist/app', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});

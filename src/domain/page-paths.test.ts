import { describe, expect, it } from 'vitest';
import { isAppPagePath } from './page-paths.ts';

describe('isAppPagePath', () => {
  it('takes the routes of the app, with ids, tokens and trailing slashes, as pages', () => {
    for (const path of [
      '/',
      '/about',
      '/edit-vehicle/12',
      '/booking-details/5',
      '/customers/list/',
      '/request/password_reset',
      '/password-reset/Q3x-9_kLmN0pQrStUvWxYz0123456789abcdefghijk',
      '/customer/booking-requests/7/confirm',
      '/apiary',
      '/assets-list',
    ]) {
      expect(isAppPagePath(path), path).toBe(true);
    }
  });

  it('takes files, and anything under the API, media and build folders, as not pages', () => {
    for (const path of [
      '/assets/index-OLDHASH.js',
      '/assets',
      '/assets/',
      '/api',
      '/api/health/',
      '/media/vehicles/a.webp',
      '/media/',
      '/icons/missing.png',
      '/robots.txt',
      '/sw.js',
      '/.well-known/assetlinks.json',
    ]) {
      expect(isAppPagePath(path), path).toBe(false);
    }
  });
});

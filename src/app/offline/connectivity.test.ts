import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkConnectivity, HEALTH_URL } from './connectivity.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('checkConnectivity', () => {
  it('asks the health call, uncached, and reports online on a 2xx', async () => {
    const fetch = vi.fn(async () => new Response('{"status":"ok"}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    onlineManager.setOnline(false);
    expect(await checkConnectivity()).toBe(true);
    expect(onlineManager.isOnline()).toBe(true);
    expect(fetch).toHaveBeenCalledWith(HEALTH_URL, expect.objectContaining({ cache: 'no-store' }));
  });

  it('reports offline on a non-2xx answer or no answer', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 503 }));
    expect(await checkConnectivity()).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);

    onlineManager.setOnline(true);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await checkConnectivity()).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('shares one probe between concurrent callers', async () => {
    const fetch = vi.fn(async () => new Response('', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await Promise.all([checkConnectivity(), checkConnectivity()])).toEqual([true, true]);
    expect(fetch).toHaveBeenCalledOnce();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { listPublicVehicles } from './list-public-vehicles.ts';

/** A fake public list of `total` vehicles, paged as the server pages it. */
function fakeFleet(total: number): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(`${url.pathname}${url.search}`);
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const page = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, index) => ({
        id: offset + index + 1,
      }));
      return new Response(JSON.stringify(page), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
      });
    }),
  );
  return urls;
}

describe('the public fleet list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes one request for a fleet within the largest page', async () => {
    const urls = fakeFleet(26);
    expect(await listPublicVehicles()).toHaveLength(26);
    expect(urls).toEqual(['/api/public-vehicles/?limit=500']);
  });

  it('pages through a fleet larger than the server gives at once, never stopping at the first page', async () => {
    const urls = fakeFleet(1_234);
    const vehicles = await listPublicVehicles();
    expect(vehicles).toHaveLength(1_234);
    expect(new Set(vehicles.map((vehicle) => vehicle.id)).size).toBe(1_234);
    expect(urls).toEqual([
      '/api/public-vehicles/?limit=500',
      '/api/public-vehicles/?limit=500&offset=500',
      '/api/public-vehicles/?limit=500&offset=1000',
    ]);
  });

  it('stops on an exact multiple of the page when the total says so', async () => {
    const urls = fakeFleet(500);
    expect(await listPublicVehicles()).toHaveLength(500);
    expect(urls).toHaveLength(1);
  });
});

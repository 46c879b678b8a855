import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listPublicVehicles } from '../features/vehicles/api/list-public-vehicles.ts';
import { CACHE_USER_KEY } from '../offline/persister.ts';
import { withFirstScreen } from './first-screen-policy.ts';

// index.html's loading shell (decision 036) names things the app owns: they must stay the same.
const indexHtml = readFileSync(path.resolve(import.meta.dirname, '../../../index.html'), 'utf8');
const bootScript = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)?.[1] ?? '';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("index.html's loading shell", () => {
  it("reads the signed-in user from the persister's key", () => {
    expect(bootScript).toContain(`localStorage.getItem('${CACHE_USER_KEY}')`);
  });

  it('preloads the very URL the landing asks for, so the app is answered by the preload', async () => {
    const fetchMock = vi.fn(async (_url: string | URL | Request) => Response.json([]));
    vi.stubGlobal('fetch', fetchMock);
    await listPublicVehicles();
    const [[url]] = fetchMock.mock.calls as [[string]];
    expect(bootScript).toContain(`list.href = '${url}';`);
  });

  it('is left out when the service worker puts the kept first screen in the root', () => {
    const entry = /<script type="module" src="([^"]+)"/.exec(indexHtml)?.[1] ?? null;
    const html = withFirstScreen(indexHtml, '<main>kept</main>', entry);
    expect(html).toContain('<div id="root"><main>kept</main></div>');
    expect(html).not.toContain('boot-shell');
    expect(html).not.toContain('aria-busy');
  });
});

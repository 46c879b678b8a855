import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { TestClient } from '../helpers/client.ts';

describe(`health and CSRF (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers health when the database is reachable', async () => {
    const client = new TestClient(t.app);
    const reply = await client.get('/api/health/');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'ok', database: ENGINE });
    expect((await client.get('/api/health')).status).toBe(200);
  });

  it('sets a readable csrftoken cookie and refuses unsafe calls without it', async () => {
    const client = new TestClient(t.app);
    const reply = await client.post('/api/logout/', undefined, { withoutCsrf: true });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ error: expect.stringContaining('CSRF') });
    const csrf = await client.get<{ csrfToken: string }>('/api/csrf/');
    expect(csrf.status).toBe(200);
    expect(client.cookie('csrftoken')).toBe(csrf.body.csrfToken);
    expect(String(csrf.headers['set-cookie'])).not.toMatch(/HttpOnly/i);
  });

  it('refuses a wrong CSRF header', async () => {
    const client = new TestClient(t.app);
    await client.get('/api/csrf/');
    const reply = await client.post('/api/logout/', undefined, {
      withoutCsrf: true,
      headers: { 'x-csrftoken': 'wrong' },
    });
    expect(reply.status).toBe(403);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const reply = await new TestClient(t.app).get('/api/nothing-here/');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: 'Not found.' });
  });

  it('reports its currency', async () => {
    const reply = await new TestClient(t.app).get('/api/settings/');
    expect(reply.body).toEqual({ currency: 'GBP' });
  });
});

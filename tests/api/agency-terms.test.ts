import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyTerms, TermsVersion } from '#domain/api/agreements';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { startWorld, type World, type WorldClients } from '../helpers/fixtures.ts';

/** The agency's rental terms: its owner saves versions, agents read them, old versions stay. */
describe(`agency terms (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;

  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
  });
  afterAll(async () => t?.close());

  it('has no terms before the first save; each save is the next version, old ones kept unchanged', async () => {
    const empty = await clients.agent.get<AgencyTerms>('/api/agency-terms/');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ current: null });
    expect(empty.headers['cache-control']).toBe('private, no-store');

    const first = await clients.agency.post<TermsVersion>('/api/agency-terms/', { text: '  Return the car clean.  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ version: 1, text: 'Return the car clean.' });
    expect(first.body.created_by).toMatch(/\w/);
    const second = await clients.agency.post<TermsVersion>('/api/agency-terms/', { text: 'Return the car full.' });
    expect(second.body.version).toBe(2);

    const current = await clients.agent.get<AgencyTerms>('/api/agency-terms/');
    expect(current.body.current).toMatchObject({ version: 2, text: 'Return the car full.' });
    const versions = await clients.agent.get<TermsVersion[]>('/api/agency-terms/versions/?limit=1&offset=1');
    expect(versions.status).toBe(200);
    expect(versions.headers['x-total-count']).toBe('2');
    expect(versions.headers['cache-control']).toBe('private, no-store');
    expect(versions.body.map((item) => [item.version, item.text])).toEqual([[1, 'Return the car clean.']]);
  });

  it("keeps each agency's terms apart", async () => {
    const b = await clients.agencyB.post<TermsVersion>('/api/agency-terms/', { text: 'South terms.' });
    expect(b.body.version).toBe(1);
    expect((await clients.agencyB.get<AgencyTerms>('/api/agency-terms/')).body.current?.text).toBe('South terms.');
    expect((await clients.agent.get<AgencyTerms>('/api/agency-terms/')).body.current?.text).not.toBe('South terms.');
    const rows = await t.app.deps.db
      .selectFrom('agency_terms')
      .select(['agency_id', 'version'])
      .where('agency_id', '=', world.agencies.b)
      .execute();
    expect(rows).toEqual([{ agency_id: world.agencies.b, version: 1 }]);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.app.deps.db
            .selectFrom('agency_terms')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const body of [{}, { text: '   ' }, { text: 'x'.repeat(20_001) }, { text: { a: 1 } }]) {
      const reply = await clients.agency.post<ErrorBody>('/api/agency-terms/', body);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatch(/Terms/);
    }
    const notJson = await clients.agency.raw<ErrorBody>('POST', '/api/agency-terms/', '{"text":', 'application/json');
    expect(notJson.status).toBe(400);
    expect((await clients.agency.get<TermsVersion[]>('/api/agency-terms/versions/?limit=0')).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('lets only the owner save; the operator, customers and visitors are refused', async () => {
    expect((await clients.agent.post('/api/agency-terms/', { text: 'Agent terms.' })).status).toBe(403);
    expect((await clients.staff.post('/api/agency-terms/', { text: 'Operator terms.' })).status).toBe(403);
    expect((await clients.staff.get('/api/agency-terms/')).status).toBe(403);
    expect((await clients.customer.get('/api/agency-terms/')).status).toBe(403);
    expect((await clients.customer.post('/api/agency-terms/', { text: 'x' })).status).toBe(403);
    expect((await clients.anonymous.get('/api/agency-terms/')).status).toBe(401);
    expect((await clients.anonymous.post('/api/agency-terms/', { text: 'x' })).status).toBe(401);
  });
});

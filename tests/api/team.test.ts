import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamMember } from '#domain/api/team';
import type { ErrorBody } from '../helpers/api.ts';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { signedIn, TestClient, worldClients } from '../helpers/client.ts';
import { createWorld, PASSWORD, type World } from '../helpers/fixtures.ts';
import { insertUser } from '../helpers/rows.ts';

const LOGIN_DISABLED = 'This login has been turned off by your agency. Ask them to turn it on again.';

type Clients = Awaited<ReturnType<typeof worldClients>>;

/** Settings, Team: an agency owner lists their agency's logins, adds agents, turns them off and on. */
describe(`team: GET/POST team/, PATCH team/{id}/ (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: Clients;
  let serial = 0;

  /** A fresh agent of agency A, signed in on its own client. */
  async function newAgent(agencyId = world.agencies.a) {
    serial += 1;
    const username = `teamagent${serial}`;
    const id = await insertUser(t.app.deps.db, { username, role: 'agent', agency_id: agencyId });
    return { id, username, client: await signedIn(t.app, username) };
  }

  const disabledAt = async (id: number) =>
    (await t.app.deps.db.selectFrom('users').select('disabled_at').where('id', '=', id).executeTakeFirstOrThrow())
      .disabled_at;

  beforeAll(async () => {
    t = await createTestApp();
    world = await createWorld(t.app.deps.db);
    clients = await worldClients(t.app);
  });
  afterAll(async () => t.close());

  it("lists the owner first, then the agency's agents, and nobody else's", async () => {
    const reply = await clients.agency.get<TeamMember[]>('/api/team/');
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.body[0]).toMatchObject({ id: world.users.agencyA, role: 'agency', disabled: false });
    const ids = reply.body.map((member) => member.id);
    expect(ids).toContain(world.users.agentA);
    expect(ids).not.toContain(world.users.agencyB);
    expect(ids).not.toContain(world.users.staff);
    expect(reply.headers['x-total-count']).toBe(String(reply.body.length));
    expect(reply.body[0]).not.toHaveProperty('password_hash');
  });

  it('refuses visitors (401), agents, other roles (403) and a limit past the cap (400)', async () => {
    expect((await new TestClient(t.app).get('/api/team/')).status).toBe(401);
    for (const client of [clients.agent, clients.staff, clients.customer]) {
      expect((await client.get('/api/team/')).status).toBe(403);
      expect((await client.post('/api/team/', {})).status).toBe(403);
      expect((await client.patch(`/api/team/${world.users.agentA}/`, { disabled: true })).status).toBe(403);
    }
    expect((await clients.agency.get('/api/team/?limit=100000')).status).toBe(400);
    expect(await disabledAt(world.users.agentA)).toBeNull();
  });

  it('adds an agent who can sign in to the same agency; a taken username or bad input is refused', async () => {
    const member = {
      first_name: 'Jamie',
      last_name: 'New',
      email: 'jamie.new@example.com',
      phone_number: '+44 7700 900321',
      username: 'jamie_new',
      password: 'first-password-1',
    };
    const added = await clients.agency.post<TeamMember>('/api/team/', member);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ username: 'jamie_new', role: 'agent', disabled: false });
    const jamie = await signedIn(t.app, 'jamie_new', 'first-password-1');
    const me = await jamie.get<{ role: string; agency: { id: number } | null }>('/api/auth/me/');
    expect(me.body).toMatchObject({ role: 'agent', agency: { id: world.agencies.a } });

    const taken = await clients.agency.post<ErrorBody>('/api/team/', { ...member, email: 'other@example.com' });
    expect(taken.status).toBe(400);
    expect(taken.body.fields).toEqual({ username: ['A user with that username already exists.'] });
    const bad = await clients.agency.post<ErrorBody>('/api/team/', { ...member, username: 'x', password: 'short' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(['password', 'username']);
    const users = await t.app.deps.db
      .selectFrom('users')
      .select('username')
      .where('email', '=', 'other@example.com')
      .execute();
    expect(users).toEqual([]);
  });

  it('turning an agent off ends their sessions at once and refuses their sign-in; on again lets them in', async () => {
    const agent = await newAgent();
    const off = await clients.agency.patch<TeamMember>(`/api/team/${agent.id}/`, { disabled: true });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: agent.id, disabled: true });
    expect((await agent.client.get('/api/auth/me/')).status).toBe(401);
    expect((await agent.client.get('/api/bookings/')).status).toBe(401);

    const retry = new TestClient(t.app);
    const refused = await retry.post<ErrorBody>('/api/login/', { username: agent.username, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(LOGIN_DISABLED);
    // A wrong password hears only what everyone hears.
    const wrong = await retry.post<ErrorBody>('/api/login/', { username: agent.username, password: 'not-it-at-all' });
    expect(wrong.status).toBe(401);

    const on = await clients.agency.patch<TeamMember>(`/api/team/${agent.id}/`, { disabled: false });
    expect(on.body.disabled).toBe(false);
    expect(await disabledAt(agent.id)).toBeNull();
    const back = await signedIn(t.app, agent.username);
    expect((await back.get('/api/auth/me/')).status).toBe(200);
  });

  it("refuses another agency's user (404), the owner's own login and bad bodies (400), changing nothing", async () => {
    const elsewhere = await newAgent(world.agencies.b);
    const other = await clients.agency.patch<ErrorBody>(`/api/team/${elsewhere.id}/`, { disabled: true });
    expect(other.status).toBe(404);
    expect((await clients.agency.patch(`/api/team/999999/`, { disabled: true })).status).toBe(404);
    const self = await clients.agency.patch<ErrorBody>(`/api/team/${world.users.agencyA}/`, { disabled: true });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('You cannot disable your own login.');
    for (const body of [{}, { disabled: 'yes' }, { disabled: null }]) {
      expect((await clients.agency.patch(`/api/team/${world.users.agentA}/`, body)).status).toBe(400);
    }
    expect((await clients.agency.patch('/api/team/abc/', { disabled: true })).status).toBe(400);
    expect(await disabledAt(elsewhere.id)).toBeNull();
    expect(await disabledAt(world.users.agencyA)).toBeNull();
    expect(await disabledAt(world.users.agentA)).toBeNull();
    expect((await elsewhere.client.get('/api/auth/me/')).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { labelUrl } from '#server/services/fleet/vehicle-labels-pdf';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import * as rows from '../helpers/rows.ts';

/** Issue 23: Settings → Print labels, the vehicles' QR labels as an A4 PDF. */
describe(`vehicle labels (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;

  const codeOf = async (id: number) =>
    (await t.app.deps.db.selectFrom('vehicles').select('label_code').where('id', '=', id).executeTakeFirstOrThrow())
      .label_code;
  const pages = async (data: Uint8Array) => (await getDocument({ data: new Uint8Array(data) }).promise).numPages;

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
  });
  afterAll(async () => t.close());

  it("prints the chosen vehicles' labels: registration, make and model, and the code", async () => {
    const { db } = t.app.deps;
    const one = await rows.insertVehicle(db, {
      agency_id: world.agencies.a,
      registration_number: 'LBL1 AAA',
      make: 'Citroën',
      model: 'Berlingo',
    });
    const two = await rows.insertVehicle(db, { agency_id: world.agencies.a, registration_number: 'LBL2 AAA' });
    const reply = await agent.get(`/api/staff-vehicles/labels/?vehicle=${two}&vehicle=${one}`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="vehicle-labels.pdf"');
    expect(reply.headers['cache-control']).toBe('private, no-store');
    const pdf = reply.raw.rawPayload;
    expect(await pages(pdf)).toBe(1);
    const text = await pdfText(pdf);
    // By registration; the standard fonts draw ë.
    expect(text).toContain(`LBL1 AAA Citroën Berlingo ${await codeOf(one)}`);
    expect(text).toContain(`LBL2 AAA Skoda Octavia ${await codeOf(two)}`);
    expect(text.indexOf('LBL1 AAA')).toBeLessThan(text.indexOf('LBL2 AAA'));
    expect(labelUrl('https://fleet.example/', 'ABC123')).toBe('https://fleet.example/v/ABC123');
  });

  it('prints the whole fleet in service on 21-up sheets when none is chosen', async () => {
    const { db } = t.app.deps;
    for (let n = 0; n < 22; n += 1) await rows.insertVehicle(db, { agency_id: world.agencies.b });
    await rows.insertVehicle(db, {
      agency_id: world.agencies.b,
      registration_number: 'LBL9 OLD',
      retired_at: new Date().toISOString(),
    });
    const inService = await db
      .selectFrom('vehicles')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('agency_id', '=', world.agencies.b)
      .where('retired_at', 'is', null)
      .executeTakeFirstOrThrow();
    const reply = await agencyB.get('/api/staff-vehicles/labels/');
    expect(reply.status).toBe(200);
    expect(await pages(reply.raw.rawPayload)).toBe(Math.ceil(Number(inService.n) / 21));
    const text = await pdfText(reply.raw.rawPayload);
    expect(text).not.toContain('LBL9 OLD');
    expect(text).not.toContain('LBL1 AAA');
    // The operator may print any agency's.
    expect((await staff.get(`/api/staff-vehicles/labels/?vehicle=${world.vehicles.b1}`)).status).toBe(200);
  });

  it("refuses another fleet's vehicles, other roles and bad choices", async () => {
    const theirs = await agency.get<ErrorBody>(`/api/staff-vehicles/labels/?vehicle=${world.vehicles.b1}`);
    expect(theirs.status).toBe(400);
    expect(theirs.body.fields?.vehicle).toEqual(['Choose vehicles from your fleet.']);
    const mixed = await agency.get<ErrorBody>(
      `/api/staff-vehicles/labels/?vehicle=${world.vehicles.a1}&vehicle=${world.vehicles.b1}`,
    );
    expect(mixed.status).toBe(400);
    const bad = await agency.get<ErrorBody>('/api/staff-vehicles/labels/?vehicle=car');
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.vehicle).toBeDefined();
    const tooMany = Array.from({ length: 505 }, (_, n) => `vehicle=${n + 1}`).join('&');
    const many = await agency.get<ErrorBody>(`/api/staff-vehicles/labels/?${tooMany}`);
    expect(many.status).toBe(400);
    expect(many.body.fields?.vehicle).toEqual(['Choose at most 504 vehicles.']);
    expect((await customer.get('/api/staff-vehicles/labels/')).status).toBe(403);
    expect((await anonymous.get('/api/staff-vehicles/labels/')).status).toBe(401);
  });
});

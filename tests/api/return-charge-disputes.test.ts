import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReturnCharges, StaffDispute } from '#domain/api/return-charges';
import { addDays, todayIso } from '#domain/dates';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World, type WorldClients } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

type Reply = ReturnCharges & ErrorBody;
type Disputes = StaffDispute[] & ErrorBody;
type Answered = StaffDispute & ErrorBody;

/**
 * Disputes of return charges (issue 22): the booking's customer questions a confirmed charge of a
 * finalized return with a message; staff of its agency (and the operator) list the open ones and
 * answer them, and the customer is e-mailed the answer. Agency A charges £10.00 an eighth of fuel.
 */
describe(`return charge disputes (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  let serial = 0;
  const db = () => t.app.deps.db;
  const chargesUrl = (id: number) => `/api/bookings/${id}/return-charges/`;
  const disputeUrl = (id: number, charge: number) => `${chargesUrl(id)}${charge}/disputes/`;
  const answerUrl = (dispute: number) => `/api/return-charge-disputes/${dispute}/answer/`;
  const LIST = '/api/return-charge-disputes/';

  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
    await db()
      .updateTable('agencies')
      .set({ price_per_extra_km: 0, fuel_policy: 'full_to_full', fuel_price_per_eighth: 1000, tax_rate: 0 })
      .where('id', '=', world.agencies.a)
      .execute();
  });
  afterAll(async () => t?.close());

  /**
   * A booking of Casey's returned 3/8 short of a full tank, on time, with one new dent: the fuel
   * charge confirmed (£30.00), the dent dismissed, and — unless `finalize` is false — finalized.
   */
  async function settledReturn(finalize = true) {
    serial += 1;
    const start = addDays(todayIso(t.clock.now()), 200 + serial * 5);
    const id = await rows.insertBooking(db(), {
      customer_id: world.customers.own,
      vehicle_id: world.vehicles.a1,
      start_date: start,
      end_date: addDays(start, 2),
      dropoff_time: '10:00',
      booking_amount: 12_000,
      booking_deposit: 0,
      booking_status: 'active',
    });
    const now = new Date().toISOString();
    await db()
      .insertInto('booking_inspections')
      .values({
        booking_id: id,
        agency_id: world.agencies.a,
        kind: 'pickup',
        mileage: 10_000,
        fuel_eighths: 8,
        damage_marks: '[]',
        notes: null,
        recorded_by: null,
        created_at: now,
      })
      .execute();
    const returned = await clients.agent.multipart('POST', `/api/bookings/${id}/inspections/return/`, {
      mileage: 10_100,
      fuel_eighths: 5,
      damage_marks: JSON.stringify([{ x: 0.7, y: 0.8, note: 'dent' }]),
      device_time: `${addDays(start, 2)}T09:00`,
    });
    expect(returned.status).toBe(201);
    expect((await clients.agent.post<Reply>(chargesUrl(id), { code: 'fuel', decision: 'confirm' })).status).toBe(201);
    const decided = await clients.agent.post<Reply>(chargesUrl(id), { code: 'damage:0', decision: 'dismiss' });
    expect(decided.status).toBe(201);
    const [fuel, dent] = decided.body.decided;
    if (finalize) expect((await clients.agent.post<Reply>(`${chargesUrl(id)}finalize/`)).status).toBe(200);
    return { id, fuel: fuel?.id ?? 0, dent: dent?.id ?? 0 };
  }

  const disputeRows = async () =>
    Number(
      (
        await db()
          .selectFrom('return_charge_disputes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** The open disputes of `client`'s list with their bookings. */
  const openList = async (client: TestClient) => {
    const reply = await client.get<Disputes>(`${LIST}?limit=100`);
    expect(reply.status).toBe(200);
    return reply.body;
  };

  it('lets the customer dispute a confirmed charge; staff see it open, privately, with the booking, customer and charge', async () => {
    const { id, fuel } = await settledReturn();
    const sent = await clients.customer.post<Reply>(disputeUrl(id, fuel), {
      message: '  The tank was full when I returned it.  ',
    });
    expect(sent.status).toBe(201);
    expect(sent.headers['cache-control']).toBe('private, no-store');
    // The customer's view: their charges (the dismissed dent not among them), the dispute on the fuel.
    expect(sent.body.decided.map((charge) => charge.id)).toEqual([fuel]);
    expect(sent.body.decided[0]?.disputes).toEqual([
      {
        id: expect.any(Number) as number,
        status: 'open',
        message: 'The tank was full when I returned it.',
        created_at: expect.any(String) as string,
        answer: null,
        answered_at: null,
        answered_by: null,
      },
    ]);
    const seen = await clients.customer.get<Reply>(chargesUrl(id));
    expect(seen.body.decided[0]?.disputes).toEqual(sent.body.decided[0]?.disputes);
    const staffSeen = await clients.agent.get<Reply>(chargesUrl(id));
    expect(staffSeen.body.decided.find((charge) => charge.id === fuel)?.disputes).toEqual(
      sent.body.decided[0]?.disputes,
    );

    const disputeId = sent.body.decided[0]?.disputes[0]?.id ?? 0;
    for (const client of [clients.agent, clients.agency, clients.staff]) {
      const list = await client.get<Disputes>(`${LIST}?limit=100`);
      expect(list.status).toBe(200);
      expect(list.headers['cache-control']).toBe('private, no-store');
      expect(list.body.find((dispute) => dispute.id === disputeId)).toEqual({
        id: disputeId,
        booking: id,
        status: 'open',
        message: 'The tank was full when I returned it.',
        created_at: expect.any(String) as string,
        answer: null,
        answered_at: null,
        answered_by: null,
        charge: { id: fuel, label: 'Fuel short of the pickup level (3/8 of a tank)', amount: '30.00' },
        customer: { id: world.customers.own, name: expect.stringMatching(/^Casey/) as string },
        currency: 'GBP',
      });
    }
    // Agency B sees none of agency A's disputes.
    expect((await openList(clients.agencyB)).some((dispute) => dispute.booking === id)).toBe(false);
  });

  it('refuses a second open dispute, a charge not charged, a return not finalized, and unknown charges, writing nothing', async () => {
    const { id, fuel, dent } = await settledReturn();
    expect((await clients.customer.post<Reply>(disputeUrl(id, fuel), { message: 'Too much' })).status).toBe(201);
    const before = await disputeRows();
    const again = await clients.customer.post<Reply>(disputeUrl(id, fuel), { message: 'Still too much' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('You have already disputed this charge: the agency has not answered yet.');
    const dismissed = await clients.customer.post<Reply>(disputeUrl(id, dent), { message: 'Not mine' });
    expect(dismissed.status).toBe(409);
    expect(dismissed.body.error).toBe('Only a charge you were charged can be disputed.');

    const early = await settledReturn(false);
    const notFinal = await clients.customer.post<Reply>(disputeUrl(early.id, early.fuel), { message: 'Why?' });
    expect(notFinal.status).toBe(409);
    expect(notFinal.body.error).toBe('A charge can be disputed once the final invoice is issued.');

    // Another booking's charge, a charge that does not exist, an id that is not one.
    const unknown = await clients.customer.post<Reply>(disputeUrl(id, early.fuel), { message: 'Why?' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Charge not found.');
    expect((await clients.customer.post<Reply>(disputeUrl(id, 999_999), { message: 'Why?' })).status).toBe(404);
    expect((await clients.customer.post<Reply>(`${chargesUrl(id)}abc/disputes/`, { message: 'x' })).status).toBe(400);
    expect(await disputeRows()).toBe(before);
  });

  it('refuses an empty or over-long message with 400 on the field, and writes nothing', async () => {
    const { id, fuel } = await settledReturn();
    const before = await disputeRows();
    const cases: [unknown, string][] = [
      [{}, 'Message is required.'],
      [{ message: '' }, 'Message is required.'],
      [{ message: '   ' }, 'Message is required.'],
      [{ message: null }, 'Message is required.'],
      [{ message: 'x'.repeat(1001) }, 'Message must be at most 1000 characters.'],
    ];
    for (const [body, message] of cases) {
      const reply = await clients.customer.post<Reply>(disputeUrl(id, fuel), body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.fields, JSON.stringify(body)).toEqual({ message: [message] });
    }
    expect((await clients.customer.raw('POST', disputeUrl(id, fuel), '{', 'application/json')).status).toBe(400);
    expect(await disputeRows()).toBe(before);
    // 1000 characters is the limit, not over it.
    expect((await clients.customer.post<Reply>(disputeUrl(id, fuel), { message: 'x'.repeat(1000) })).status).toBe(201);
  });

  it('keeps visitors, other customers and staff from disputing, before the body is read', async () => {
    const { id, fuel } = await settledReturn();
    const before = await disputeRows();
    const body = { message: 'Too much' };
    expect((await clients.anonymous.post<Reply>(disputeUrl(id, fuel), body)).status).toBe(401);
    const other = await clients.customer2.post<Reply>(disputeUrl(id, fuel), body);
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('Booking not found.');
    // Refused before the body is parsed: another customer's bad body is still a 404.
    expect((await clients.customer2.raw('POST', disputeUrl(id, fuel), '{', 'application/json')).status).toBe(404);
    for (const client of [clients.agent, clients.agency, clients.staff, clients.agencyB]) {
      expect((await client.post<Reply>(disputeUrl(id, fuel), body)).status).toBe(403);
    }
    expect((await clients.customer2.get<Reply>(chargesUrl(id))).status).toBe(404);
    expect(await disputeRows()).toBe(before);
  });

  it('answers a dispute: kept, no longer open, e-mailed to the customer and shown to them; then it may be disputed again', async () => {
    const { id, fuel } = await settledReturn();
    const sent = await clients.customer.post<Reply>(disputeUrl(id, fuel), { message: 'The tank was full.' });
    const disputeId = sent.body.decided[0]?.disputes[0]?.id ?? 0;

    const answered = await clients.agent.post<Answered>(answerUrl(disputeId), {
      answer: '  The pump receipt shows 5/8; the charge stands.  ',
    });
    expect(answered.status).toBe(200);
    expect(answered.headers['cache-control']).toBe('private, no-store');
    expect(answered.body).toMatchObject({
      id: disputeId,
      booking: id,
      status: 'answered',
      message: 'The tank was full.',
      answer: 'The pump receipt shows 5/8; the charge stands.',
      answered_by: expect.stringMatching(/\w/) as string,
      charge: { id: fuel, amount: '30.00' },
    });
    expect(answered.body.answered_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await openList(clients.agency)).some((dispute) => dispute.id === disputeId)).toBe(false);

    const mails = t.outbox.filter((mail) => mail.subject.endsWith(`dispute of a charge on booking ${id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('casey@example.com');
    expect(mails[0]?.text).toContain('"Fuel short of the pickup level (3/8 of a tank)" (£30.00)');
    expect(mails[0]?.text).toContain('You wrote:\nThe tank was full.');
    expect(mails[0]?.text).toContain('Their answer:\nThe pump receipt shows 5/8; the charge stands.');
    expect(mails[0]?.text).toContain(`/customer/bookings/${id}`);

    // The customer sees the answer, not who on the desk wrote it.
    const seen = await clients.customer.get<Reply>(chargesUrl(id));
    expect(seen.body.decided[0]?.disputes[0]).toMatchObject({
      status: 'answered',
      answer: 'The pump receipt shows 5/8; the charge stands.',
      answered_by: null,
    });
    expect(seen.body.decided[0]?.disputes[0]?.answered_at).toBe(answered.body.answered_at);
    // Staff see who did.
    const staffSeen = await clients.agency.get<Reply>(chargesUrl(id));
    expect(staffSeen.body.decided[0]?.disputes[0]?.answered_by).toBe(answered.body.answered_by);

    // Answered twice: 409, nothing changed, no second mail.
    const twice = await clients.agency.post<Answered>(answerUrl(disputeId), { answer: 'Another answer' });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('This dispute is already answered.');
    expect(t.outbox.filter((mail) => mail.subject.endsWith(`dispute of a charge on booking ${id}`))).toHaveLength(1);

    // Answered, the charge may be disputed again: a second dispute, open, after the first.
    const second = await clients.customer.post<Reply>(disputeUrl(id, fuel), { message: 'I still disagree.' });
    expect(second.status).toBe(201);
    expect(second.body.decided[0]?.disputes.map((dispute) => [dispute.status, dispute.message])).toEqual([
      ['answered', 'The tank was full.'],
      ['open', 'I still disagree.'],
    ]);
  });

  it('refuses an empty or over-long answer, another agency, customers and visitors, before the body is read', async () => {
    const { id, fuel } = await settledReturn();
    const sent = await clients.customer.post<Reply>(disputeUrl(id, fuel), { message: 'Why?' });
    const disputeId = sent.body.decided[0]?.disputes[0]?.id ?? 0;
    const mailsBefore = t.outbox.length;
    const cases: [unknown, string][] = [
      [{}, 'Answer is required.'],
      [{ answer: ' ' }, 'Answer is required.'],
      [{ answer: 'x'.repeat(2001) }, 'Answer must be at most 2000 characters.'],
    ];
    for (const [body, message] of cases) {
      const reply = await clients.agent.post<Answered>(answerUrl(disputeId), body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.fields, JSON.stringify(body)).toEqual({ answer: [message] });
    }
    const body = { answer: 'Because.' };
    const other = await clients.agencyB.post<Answered>(answerUrl(disputeId), body);
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('Dispute not found.');
    expect((await clients.agencyB.raw('POST', answerUrl(disputeId), '{', 'application/json')).status).toBe(404);
    expect((await clients.agent.post<Answered>(answerUrl(999_999), body)).status).toBe(404);
    expect((await clients.agent.post<Answered>('/api/return-charge-disputes/abc/answer/', body)).status).toBe(400);
    for (const client of [clients.customer, clients.customer2]) {
      expect((await client.post<Answered>(answerUrl(disputeId), body)).status).toBe(403);
      expect((await client.get<Disputes>(LIST)).status).toBe(403);
    }
    expect((await clients.anonymous.post<Answered>(answerUrl(disputeId), body)).status).toBe(401);
    expect((await clients.anonymous.get<Disputes>(LIST)).status).toBe(401);
    // Still open, and nobody was mailed.
    expect((await openList(clients.agent)).some((dispute) => dispute.id === disputeId)).toBe(true);
    expect(t.outbox.length).toBe(mailsBefore);
    // The operator may answer any agency's.
    const operator = await clients.staff.post<Answered>(answerUrl(disputeId), body);
    expect(operator.status).toBe(200);
    expect(operator.body.status).toBe('answered');
  });

  it('pages the open disputes oldest first, with the total, and caps the page', async () => {
    const made: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const { id, fuel } = await settledReturn();
      const sent = await clients.customer.post<Reply>(disputeUrl(id, fuel), { message: `Dispute ${index}` });
      made.push(sent.body.decided[0]?.disputes[0]?.id ?? 0);
    }
    const all = await openList(clients.agent);
    const total = all.length;
    expect(all.map((dispute) => dispute.id)).toEqual([...all.map((dispute) => dispute.id)].sort((a, b) => a - b));
    expect(all.slice(-3).map((dispute) => dispute.id)).toEqual(made);
    const page = await clients.agent.get<Disputes>(`${LIST}?limit=2&offset=${total - 2}`);
    expect(page.status).toBe(200);
    expect(page.headers['x-total-count']).toBe(String(total));
    expect(page.body.map((dispute) => dispute.id)).toEqual(made.slice(1));
    const capped = await clients.agent.get<Disputes>(`${LIST}?limit=101`);
    expect(capped.status).toBe(400);
    expect(capped.body.fields?.limit).toEqual(['Limit must be at most 100.']);
    expect((await clients.agent.get<Disputes>(`${LIST}?offset=-1`)).status).toBe(400);
    // Agency B's list is its own: none of these.
    const theirs = await clients.agencyB.get<Disputes>(LIST);
    expect(theirs.headers['x-total-count']).toBe('0');
    expect(theirs.body).toEqual([]);
  });

  it('replays a dispute sent twice with one Idempotency-Key: one dispute, the same reply', async () => {
    const { id, fuel } = await settledReturn();
    const before = await disputeRows();
    const headers = { 'idempotency-key': `dispute-${id}` };
    const first = await clients.customer.post<Reply>(disputeUrl(id, fuel), { message: 'Once' }, { headers });
    const replay = await clients.customer.post<Reply>(disputeUrl(id, fuel), { message: 'Once' }, { headers });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(await disputeRows()).toBe(before + 1);
  });

  it('tells the customer in the final invoice e-mail to dispute a charge on their booking page', async () => {
    const { id } = await settledReturn();
    const mail = t.outbox.find((message) => message.subject.endsWith(`for booking ${id}`));
    expect(mail?.text).toContain(
      'To question a charge, choose "Dispute this charge" beside it on your booking page and write your message; North Drive answers there and by e-mail.',
    );
  });
});

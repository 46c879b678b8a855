import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '#domain/dates';
import type { Mailer, MailMessage } from '#server/services/mail';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

interface ReviewReply {
  id: number;
  status: string;
  staff_notes: string | null;
  is_reviewed: boolean;
}

const day = (n: number) => addDays(todayIso(), n);
const britishDate = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The mail a review sends to the person who asked (issue 8): one per decision, after the review
 * is stored, never for a repeat or a replay, and never at the cost of the review itself.
 */
describe(`booking request decision mail (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  /** What the mail service was given, in order; a test can make it fail. */
  const sent: MailMessage[] = [];
  let failNext = false;
  const mailer: Mailer = {
    async send(message) {
      if (failNext) {
        failNext = false;
        throw new Error('SMTP server unreachable');
      }
      sent.push(message);
    },
    close() {},
  };

  let requestNumber = 0;
  /** A fresh pending request of the customer Casey for agency A's Corolla, on dates no other test uses. */
  const customerRequest = () => {
    requestNumber += 1;
    return rows.insertBookingRequest(t.app.deps.db, {
      customer_id: world.customers.own,
      vehicle_id: world.vehicles.a1,
      start_date: day(100 + requestNumber * 5),
      end_date: day(102 + requestNumber * 5),
    });
  };
  const review = (client: TestClient, id: number, body: object, key?: string) =>
    client.patch<ReviewReply & ErrorBody>(
      `/api/staff-booking-requests/${id}/`,
      body,
      key ? { headers: { 'Idempotency-Key': key } } : {},
    );
  const statusOf = async (id: number) =>
    (await t.app.deps.db.selectFrom('booking_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer },
    } = await startWorld({ mailer }));
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    sent.length = 0;
    failNext = false;
  });

  it('mails the customer once on accept, with the notes and the link to confirm', async () => {
    const id = await customerRequest();
    const request = await t.app.deps.db
      .selectFrom('booking_requests')
      .select(['start_date', 'end_date'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const reply = await review(agent, id, { status: 'accepted', staff_notes: 'Bring your license, please.' });
    expect(reply.status).toBe(200);
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail?.to).toBe('casey@example.com');
    expect(mail?.subject).toBe('Your booking request for the Toyota Corolla was accepted');
    expect(mail?.text).toContain('Hello Casey,');
    expect(mail?.text).toContain(
      `North Drive has accepted your booking request for the Toyota Corolla from ${britishDate(request.start_date)} to ${britishDate(request.end_date)}.`,
    );
    expect(mail?.text).toContain('Bring your license, please.');
    expect(mail?.text).toContain(`${t.config.publicUrl}/customer/booking-requests/${id}/confirm`);
  });

  it('mails once on decline, with the notes and no link to confirm', async () => {
    const id = await customerRequest();
    const reply = await review(agency, id, { status: 'declined', staff_notes: 'The car is in for repair.' });
    expect(reply.status).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe('casey@example.com');
    expect(sent[0]?.subject).toBe('Your booking request for the Toyota Corolla was declined');
    expect(sent[0]?.text).toContain('North Drive has declined your booking request');
    expect(sent[0]?.text).toContain('The car is in for repair.');
    expect(sent[0]?.text).not.toContain('/confirm');
  });

  it('sends nothing more for a repeated review with the same status, even with new notes', async () => {
    const id = await customerRequest();
    await review(agent, id, { status: 'accepted', staff_notes: 'First' });
    const again = await review(staff, id, { status: 'accepted', staff_notes: 'Second thoughts' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'accepted', staff_notes: 'Second thoughts', is_reviewed: true });
    const notesLeftOut = await review(agency, id, { status: 'accepted' });
    expect(notesLeftOut.body).toMatchObject({ status: 'accepted', staff_notes: 'Second thoughts' });
    expect(sent).toHaveLength(1);
  });

  it('sends nothing for a replay with the same Idempotency-Key', async () => {
    const id = await customerRequest();
    const key = `review-${id}-0123456789`;
    const first = await review(agent, id, { status: 'accepted', staff_notes: 'See you soon' }, key);
    const replay = await review(agent, id, { status: 'accepted', staff_notes: 'See you soon' }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(sent).toHaveLength(1);
  });

  it('sends one mail when two reviews to the same status race', async () => {
    const id = await customerRequest();
    const replies = await Promise.all([
      review(agent, id, { status: 'declined', staff_notes: 'Race one' }),
      review(agency, id, { status: 'declined', staff_notes: 'Race two' }),
      review(staff, id, { status: 'declined', staff_notes: 'Race three' }),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200]);
    expect(sent).toHaveLength(1);
    expect(await statusOf(id)).toBe('declined');
  });

  it('sends nothing for a review that leaves the request pending', async () => {
    const id = await customerRequest();
    const reply = await review(agent, id, { status: 'pending', staff_notes: 'Checking the calendar' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: 'pending', is_reviewed: true });
    expect(sent).toHaveLength(0);
  });

  it('mails each new decision when the status changes again', async () => {
    const id = await customerRequest();
    await review(agent, id, { status: 'accepted' });
    await review(agent, id, { status: 'pending' });
    await review(agent, id, { status: 'declined', staff_notes: 'Sold' });
    expect(sent.map((mail) => mail.subject)).toEqual([
      'Your booking request for the Toyota Corolla was accepted',
      'Your booking request for the Toyota Corolla was declined',
    ]);
    expect(sent[0]?.text).not.toContain('A note from');
  });

  it("mails a visitor's request to the address they gave, saying how to go on", async () => {
    const id = await rows.insertBookingRequest(t.app.deps.db, {
      customer_id: null,
      first_name: 'Vera',
      last_name: 'Visitor',
      email: 'vera@example.com',
      phone_number: '+44 7700 900555',
      vehicle_id: world.vehicles.a2,
      start_date: day(300),
      end_date: day(301),
    });
    const reply = await review(agent, id, { status: 'accepted', staff_notes: 'Call us to finish.' });
    expect(reply.status).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe('vera@example.com');
    expect(sent[0]?.text).toContain('Hello Vera,');
    expect(sent[0]?.text).toContain('Call us to finish.');
    expect(sent[0]?.text).toContain(
      `contact North Drive: +44 20 7946 0000, northdrive@example.com, quoting booking request number ${id}.`,
    );
    expect(sent[0]?.text).not.toContain('/confirm');
  });

  it('keeps the review when the mail cannot be sent', async () => {
    const id = await customerRequest();
    failNext = true;
    const reply = await review(agent, id, { status: 'accepted', staff_notes: 'Mail server down' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: 'accepted', staff_notes: 'Mail server down' });
    expect(await statusOf(id)).toBe('accepted');
    expect(sent).toHaveLength(0);
  });

  it('sends nothing for a refused review: bad status (400), other agency (404), customer (403)', async () => {
    const id = await customerRequest();
    const bad = await review(agent, id, { status: 'archived' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ status: ['Status must be pending, accepted or declined.'] });
    const other = await review(agencyB, id, { status: 'accepted' });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: 'Booking request not found.' });
    expect((await review(customer, id, { status: 'accepted' })).status).toBe(403);
    expect(await statusOf(id)).toBe('pending');
    expect(sent).toHaveLength(0);
  });
});

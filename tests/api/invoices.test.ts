import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyProfile } from '#domain/api/agencies';
import type { Invoice, InvoiceTotals } from '#domain/api/invoices';
import { ISSUED_NOT_EDITABLE } from '#domain/schemas/invoice';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import { pngFile } from '../helpers/images.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import * as rows from '../helpers/rows.ts';

type InvoiceReply = Invoice & ErrorBody;

describe(`invoices (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;
  let day = 0;

  /** A booking of agency A (or B) on days of its own: 4 days at £45.00 unless told otherwise. */
  const addBooking = async (
    values: {
      agency?: 'a' | 'b';
      booking_amount?: number;
      discount_amount?: number;
      discount_description?: string;
    } = {},
  ) => {
    day += 5;
    const start = new Date(Date.UTC(2031, 0, 1 + day)).toISOString().slice(0, 10);
    const end = new Date(Date.UTC(2031, 0, 4 + day)).toISOString().slice(0, 10);
    const side = values.agency ?? 'a';
    const vehicle = await rows.insertVehicle(t.app.deps.db, { agency_id: world.agencies[side] });
    const discount = values.discount_amount ?? 0;
    return rows.insertBooking(t.app.deps.db, {
      customer_id: side === 'a' ? world.customers.createdByA : world.customers.createdByB,
      vehicle_id: vehicle,
      start_date: start,
      end_date: end,
      booking_amount: values.booking_amount ?? 4 * 4500 - discount,
      discount_amount: discount,
      discount_description: values.discount_description ?? null,
    });
  };

  const draft = async (client: TestClient, booking: number) => {
    const reply = await client.post<InvoiceReply>('/api/invoices/', { booking });
    expect(reply.status).toBe(201);
    return reply.body;
  };

  const issue = (client: TestClient, id: number) => client.post<InvoiceReply>(`/api/invoices/${id}/issue/`);

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
    const rate = await agency.patch<AgencyProfile>('/api/agency/', { tax_rate: '20' });
    expect(rate.status).toBe(200);
  });
  afterAll(async () => t.close());

  it('keeps the agency tax rate on GET/PATCH agency/ for its owner only', async () => {
    expect((await agent.get<AgencyProfile>('/api/agency/')).body.tax_rate).toBe('20.00');
    expect((await agent.patch('/api/agency/', { tax_rate: '10' })).status).toBe(403);
    const bad = await agency.patch<ErrorBody>('/api/agency/', { tax_rate: '150' });
    expect(bad).toMatchObject({ status: 400, body: { fields: { tax_rate: ['Tax rate must be at most 100.'] } } });
    expect((await agency.patch<ErrorBody>('/api/agency/', { tax_rate: '12.345' })).status).toBe(400);
    expect((await agencyB.get<AgencyProfile>('/api/agency/')).body.tax_rate).toBe('0.00');
  });

  it('drafts an invoice from a booking: days × rate, the discount, totals at the agency tax rate', async () => {
    const booking = await addBooking({ discount_amount: 1000, discount_description: 'Loyal customer' });
    const invoice = await draft(agent, booking);
    expect(invoice).toMatchObject({
      number: null,
      status: 'draft',
      booking,
      customer: world.customers.createdByA,
      agency_id: world.agencies.a,
      issue_date: null,
      tax_rate: '20.00',
      subtotal: '170.00',
      tax: '34.00',
      total: '204.00',
      replaces: null,
    });
    expect(invoice.lines).toEqual([
      expect.objectContaining({ quantity: 4, unit_amount: '45.00', amount: '180.00' }),
      { description: 'Loyal customer', quantity: 1, unit_amount: '-10.00', amount: '-10.00' },
    ]);
    expect(invoice.lines[0]?.description).toMatch(/^Rental of Skoda Octavia .*4 days$/);
    expect((await agency.get<InvoiceReply>(`/api/invoices/${invoice.id}/`)).body).toEqual(invoice);

    const again = await agency.post<ErrorBody>('/api/invoices/', { booking });
    expect(again.status).toBe(409);
    expect(again.body.error).toContain('already has a draft invoice');
  });

  it('adds an adjustment line when the booking amount differs from days × rate − discount', async () => {
    const invoice = await draft(agency, await addBooking({ booking_amount: 15000 }));
    expect(invoice.lines.at(-1)).toEqual({
      description: 'Adjustment to the agreed booking amount',
      quantity: 1,
      unit_amount: '-30.00',
      amount: '-30.00',
    });
    expect(invoice).toMatchObject({ subtotal: '150.00', tax: '30.00', total: '180.00' });
  });

  it('edits a draft, then refuses to edit it once issued', async () => {
    const invoice = await draft(agency, await addBooking());
    const edited = await agency.patch<InvoiceReply>(`/api/invoices/${invoice.id}/`, {
      lines: [
        { description: 'Rental', quantity: 4, unit_amount: '45.00' },
        { description: 'Child seat', quantity: 4, unit_amount: '2.50' },
        { description: 'Goodwill', quantity: 1, unit_amount: '-5.55' },
      ],
      notes: 'Thank you!',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ subtotal: '184.45', tax: '36.89', total: '221.34', notes: 'Thank you!' });
    const notesOnly = await agency.patch<InvoiceReply>(`/api/invoices/${invoice.id}/`, { notes: '' });
    expect(notesOnly.body).toMatchObject({ notes: null, subtotal: '184.45' });
    expect(notesOnly.body.lines).toHaveLength(3);

    const issued = await issue(agency, invoice.id);
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ status: 'issued', issue_date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) });
    const refused = await agency.patch<ErrorBody>(`/api/invoices/${invoice.id}/`, { notes: 'Late change' });
    expect(refused).toMatchObject({ status: 409, body: { error: ISSUED_NOT_EDITABLE } });
    expect((await agency.get<InvoiceReply>(`/api/invoices/${invoice.id}/`)).body.notes).toBeNull();
    expect((await issue(agency, invoice.id)).body.error).toBe('This invoice is already issued.');
  });

  it('refuses bad input with 400 and the field', async () => {
    const none = await agency.post<ErrorBody>('/api/invoices/', {});
    expect(none).toMatchObject({ status: 400, body: { fields: { booking: ['Choose a booking to invoice.'] } } });
    expect((await agency.post<ErrorBody>('/api/invoices/', { booking: 'abc' })).status).toBe(400);
    expect((await agency.post<ErrorBody>('/api/invoices/', { booking: 99999999 })).status).toBe(404);
    const invoice = await draft(agency, await addBooking());
    const empty = await agency.patch<ErrorBody>(`/api/invoices/${invoice.id}/`, { lines: [] });
    expect(empty).toMatchObject({ status: 400, body: { fields: { lines: ['An invoice needs at least one line.'] } } });
    const badLine = await agency.patch<ErrorBody>(`/api/invoices/${invoice.id}/`, {
      lines: [{ description: '', quantity: 0, unit_amount: '4.555' }],
    });
    expect(badLine.status).toBe(400);
    expect(Object.keys(badLine.body.fields ?? {})).toEqual(['lines']);
    expect(badLine.body.fields?.lines).toHaveLength(3);
    expect((await agency.get('/api/invoices/?status=lost')).status).toBe(400);
    expect((await agency.get('/api/invoices/?limit=5000')).status).toBe(400);
    expect((await agency.get('/api/invoices/?from=yesterday')).status).toBe(400);
    expect((await agency.get('/api/invoices/abc/')).status).toBe(400);
  });

  it('refuses the wrong role and hides other agencies with 404', async () => {
    const invoice = await draft(agency, await addBooking());
    const path = `/api/invoices/${invoice.id}/`;
    expect((await anonymous.get('/api/invoices/')).status).toBe(401);
    expect((await customer.get('/api/invoices/')).status).toBe(403);
    expect((await customer.get(path)).status).toBe(403);
    expect((await customer.post('/api/invoices/', { booking: invoice.booking })).status).toBe(403);
    expect((await customer.get(`${path}pdf/`)).status).toBe(403);

    for (const reply of [
      await agencyB.get<ErrorBody>(path),
      await agencyB.patch<ErrorBody>(path, { notes: 'x' }),
      await agencyB.post<ErrorBody>(`${path}issue/`),
      await agencyB.post<ErrorBody>(`${path}paid/`),
      await agencyB.post<ErrorBody>(`${path}void/`),
      await agencyB.get<ErrorBody>(`${path}pdf/`),
    ]) {
      expect(reply).toMatchObject({ status: 404, body: { error: 'Invoice not found.' } });
    }
    const theirs = await agencyB.post<ErrorBody>('/api/invoices/', { booking: invoice.booking });
    expect(theirs).toMatchObject({ status: 404, body: { fields: { booking: ['Booking not found.'] } } });
    expect((await agencyB.get<Invoice[]>('/api/invoices/?limit=200')).body.map((i) => i.id)).not.toContain(invoice.id);
    // The operator sees and acts on every agency's invoices.
    expect((await staff.get<InvoiceReply>(path)).body.id).toBe(invoice.id);
  });

  it('numbers issued invoices per agency without gaps, under concurrent issuing too', async () => {
    const before = await t.app.deps.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.max('number').as('last'))
      .where('agency_id', '=', world.agencies.a)
      .executeTakeFirstOrThrow();
    const last = Number(before.last ?? 0);

    const firstDraft = await draft(agency, await addBooking());
    const drafts = [];
    for (let i = 0; i < 5; i += 1) drafts.push(await draft(agency, await addBooking()));
    const first = await issue(agency, firstDraft.id);
    expect(first.body.number).toBe(last + 1);

    const concurrent = await Promise.all(drafts.map((d, i) => issue(i % 2 ? agency : agent, d.id)));
    expect(concurrent.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200]);
    const numbers = concurrent.map((reply) => reply.body.number ?? 0).sort((a, b) => a - b);
    expect(numbers).toEqual([last + 2, last + 3, last + 4, last + 5, last + 6]);

    // Two desks issuing the same draft at once: one number given, the other told it is issued.
    const contested = await draft(agency, await addBooking());
    const both = await Promise.all([issue(agency, contested.id), issue(agent, contested.id)]);
    expect(both.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect((await agency.get<InvoiceReply>(`/api/invoices/${contested.id}/`)).body.number).toBe(last + 7);

    // A failed issue gives no number away: the next issue still gets the next one.
    expect((await issue(agency, firstDraft.id)).status).toBe(409);
    const next = await draft(agency, await addBooking());
    expect((await issue(agent, next.id)).body.number).toBe(last + 8);

    // Agency B counts on its own.
    const theirs = await draft(agencyB, await addBooking({ agency: 'b' }));
    expect((await issue(agencyB, theirs.id)).body.number).toBe(1);

    const all = await t.app.deps.db
      .selectFrom('invoices')
      .select('number')
      .where('agency_id', '=', world.agencies.a)
      .where('number', 'is not', null)
      .orderBy('number')
      .execute();
    expect(all.map((row) => row.number)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });

  it('marks an issued invoice paid, voids it and replaces it with the next number', async () => {
    const invoice = await draft(agency, await addBooking());
    expect((await agency.post<ErrorBody>(`/api/invoices/${invoice.id}/paid/`)).body.error).toBe(
      'Issue the invoice before marking it paid.',
    );
    const issued = (await issue(agency, invoice.id)).body;
    const paid = await agent.post<InvoiceReply>(`/api/invoices/${invoice.id}/paid/`);
    expect(paid.body).toMatchObject({ status: 'paid', paid_date: expect.any(String), number: issued.number });
    const notVoid = await agency.post<ErrorBody>('/api/invoices/', { replaces: invoice.id });
    expect(notVoid.status).toBe(409);

    const voided = await agency.post<InvoiceReply>(`/api/invoices/${invoice.id}/void/`);
    expect(voided.body).toMatchObject({ status: 'void', number: issued.number });
    expect((await agency.post<ErrorBody>(`/api/invoices/${invoice.id}/void/`)).body.error).toBe(
      'This invoice is already void.',
    );
    expect((await agency.patch<ErrorBody>(`/api/invoices/${invoice.id}/`, { notes: 'x' })).status).toBe(409);

    const replacement = await agency.post<InvoiceReply>('/api/invoices/', { replaces: invoice.id });
    expect(replacement.status).toBe(201);
    expect(replacement.body).toMatchObject({ status: 'draft', booking: invoice.booking, replaces: invoice.id });
    expect(replacement.body.lines).toEqual(invoice.lines);
    expect((await agency.post('/api/invoices/', { replaces: invoice.id })).status).toBe(409);
    const reissued = await issue(agency, replacement.body.id);
    const highest = await t.app.deps.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.max('number').as('last'))
      .where('agency_id', '=', world.agencies.a)
      .executeTakeFirstOrThrow();
    expect(reissued.body.number).toBe(Number(highest.last));
    expect(reissued.body.number).toBeGreaterThan(issued.number ?? 0);
    expect((await agency.get<InvoiceReply>(`/api/invoices/${invoice.id}/`)).body.replaced_by).toBe(replacement.body.id);
  });

  it('lists with filters, paging and totals for the filtered set', async () => {
    const booking = await addBooking();
    const invoice = await draft(agency, booking);
    const byBooking = await agency.get<Invoice[]>(`/api/invoices/?booking=${booking}`);
    expect(byBooking.headers['x-total-count']).toBe('1');
    expect(byBooking.body[0]).toMatchObject({ id: invoice.id, total: invoice.total });
    expect(byBooking.body[0]).not.toHaveProperty('lines');

    const drafts = await agency.get<Invoice[]>('/api/invoices/?status=draft&limit=1');
    expect(drafts.body).toHaveLength(1);
    expect(Number(drafts.headers['x-total-count'])).toBeGreaterThan(1);

    const totals = await agency.get<InvoiceTotals>('/api/invoices/totals/');
    expect(totals.status).toBe(200);
    const list = await agency.get<Invoice[]>('/api/invoices/?limit=200');
    expect(totals.body.count).toBe(list.body.length);
    const sum = (status: string) =>
      list.body.filter((i) => i.status === status).reduce((total, i) => total + Math.round(Number(i.total) * 100), 0);
    for (const status of ['draft', 'issued', 'paid', 'void'] as const) {
      expect(totals.body.by_status[status].total).toBe((sum(status) / 100).toFixed(2));
    }
    const live = sum('draft') + sum('issued') + sum('paid');
    expect(totals.body.total).toBe((live / 100).toFixed(2));

    const future = await agency.get<InvoiceTotals>('/api/invoices/totals/?from=2999-01-01');
    expect(future.body).toMatchObject({ count: 0, total: '0.00' });
    const ofCustomer = await agency.get<Invoice[]>(`/api/invoices/?customer=${world.customers.createdByA}&limit=1`);
    expect(ofCustomer.body[0]?.customer).toBe(world.customers.createdByA);
    expect((await agency.get<Invoice[]>(`/api/invoices/?customer=${world.customers.other}`)).body).toEqual([]);
    await draft(agencyB, await addBooking({ agency: 'b' }));
    const operator = await staff.get<InvoiceTotals>('/api/invoices/totals/');
    expect(operator.body.count).toBeGreaterThan(totals.body.count);
  });

  it('downloads a PDF with the agency logo, the number and the totals', async () => {
    const logo = await agency.multipart('PATCH', '/api/agency/', { logo: await pngFile('logo.png', 300, 150) });
    expect(logo.status).toBe(200);
    const invoice = await draft(agency, await addBooking({ discount_amount: 1000 }));
    const draftPdf = await agency.get(`/api/invoices/${invoice.id}/pdf/`);
    expect(draftPdf.status).toBe(200);
    expect(draftPdf.headers['content-disposition']).toBe(`attachment; filename="invoice-draft-${invoice.id}.pdf"`);
    expect(await pdfText(draftPdf.raw.rawPayload)).toContain('DRAFT');

    const issued = (await issue(agency, invoice.id)).body;
    const reply = await agency.get(`/api/invoices/${invoice.id}/pdf/`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="invoice-${issued.number}.pdf"`);
    const data = reply.raw.rawPayload;
    expect(data.subarray(0, 5).toString()).toBe('%PDF-');
    expect(data.includes('/Subtype /Image')).toBe(true);
    const text = await pdfText(data);
    expect(text).toContain('North Drive');
    expect(text).toContain(`Invoice number: ${issued.number}`);
    expect(text).toContain('£170.00');
    expect(text).toContain('£34.00');
    expect(text).toContain('£204.00');
    expect(text).toContain('ISSUED');
    expect(text).not.toContain('DRAFT');

    // A long draft runs onto more pages, every line and the totals still on them.
    const long = await draft(agency, await addBooking());
    const lines = Array.from({ length: 50 }, (_, i) => ({
      description: `Line ${i + 1}: ${'a long description of extras and fees '.repeat(3)}end${i + 1}`,
      quantity: 1,
      unit_amount: '1.00',
    }));
    expect((await agency.patch(`/api/invoices/${long.id}/`, { lines, notes: 'Ünïcode ok — 日本' })).status).toBe(200);
    const longText = await pdfText((await agency.get(`/api/invoices/${long.id}/pdf/`)).raw.rawPayload);
    expect(longText).toMatch(/Page 1 of [2-9]/);
    expect(longText).toContain('end50');
    expect(longText).toContain('£60.00');
    expect(longText).toContain('Ünïcode ok — ??');

    await agency.post(`/api/invoices/${invoice.id}/void/`);
    expect(await pdfText((await staff.get(`/api/invoices/${invoice.id}/pdf/`)).raw.rawPayload)).toContain('VOID');
    const replacement = await agency.post<InvoiceReply>('/api/invoices/', { replaces: invoice.id });
    const replacementPdf = await agency.get(`/api/invoices/${replacement.body.id}/pdf/`);
    expect(await pdfText(replacementPdf.raw.rawPayload)).toContain(
      `This invoice replaces void invoice ${issued.number}.`,
    );
  });
});

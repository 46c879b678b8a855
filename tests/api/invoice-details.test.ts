import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyProfile } from '#domain/api/agencies';
import type { Invoice } from '#domain/api/invoices';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import * as rows from '../helpers/rows.ts';

type InvoiceReply = Invoice & ErrorBody;
type AgencyReply = AgencyProfile & ErrorBody;

/** Issue 19: the agency's address and VAT number on its invoices, and invoices paid by the payment that settles them. */
describe(`invoice details and settling payments (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let day = 0;

  /** A booking of agency A on days of its own: 4 days at £45.00 (£180.00). */
  const addBooking = async (side: 'a' | 'b' = 'a') => {
    day += 5;
    const start = new Date(Date.UTC(2032, 0, 1 + day)).toISOString().slice(0, 10);
    const end = new Date(Date.UTC(2032, 0, 4 + day)).toISOString().slice(0, 10);
    const vehicle = await rows.insertVehicle(t.app.deps.db, { agency_id: world.agencies[side] });
    return rows.insertBooking(t.app.deps.db, {
      customer_id: side === 'a' ? world.customers.createdByA : world.customers.createdByB,
      vehicle_id: vehicle,
      start_date: start,
      end_date: end,
      booking_amount: 4 * 4500,
    });
  };
  const draft = async (booking: number, client: TestClient = agency) => {
    const reply = await client.post<InvoiceReply>('/api/invoices/', { booking });
    expect(reply.status).toBe(201);
    return reply.body;
  };
  const issue = async (id: number, client: TestClient = agency) => {
    const reply = await client.post<InvoiceReply>(`/api/invoices/${id}/issue/`);
    expect(reply.status).toBe(200);
    return reply.body;
  };
  const pay = (booking: number, amount: string, kind = 'payment', paidOn = '2032-03-01', client = agency) =>
    client.post<ErrorBody>('/api/payments/', { booking, kind, amount, method: 'cash', paid_on: paidOn });
  const invoiceOf = async (id: number) => (await agency.get<InvoiceReply>(`/api/invoices/${id}/`)).body;

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB },
    } = await startWorld());
    expect((await agency.patch('/api/agency/', { tax_rate: '20' })).status).toBe(200);
  });
  afterAll(async () => t.close());

  it('keeps the postal address and VAT number: the owner edits them, agents read them', async () => {
    expect((await agency.get<AgencyReply>('/api/agency/')).body).toMatchObject({ postal_address: '', vat_number: '' });
    const saved = await agency.patch<AgencyReply>('/api/agency/', {
      postal_address: '  12 Station Road\r\nLeeds LS1 4AB  ',
      vat_number: 'gb 123 4567 89',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      postal_address: '12 Station Road\nLeeds LS1 4AB',
      vat_number: 'GB 123 4567 89',
    });
    expect((await agent.get<AgencyReply>('/api/agency/')).body).toMatchObject({
      postal_address: '12 Station Road\nLeeds LS1 4AB',
      vat_number: 'GB 123 4567 89',
    });
    // Another agency's details are its own.
    expect((await agencyB.get<AgencyReply>('/api/agency/')).body).toMatchObject({ postal_address: '', vat_number: '' });
    const suppliers = await staff.get<AgencyProfile[]>('/api/suppliers/');
    expect(suppliers.body.find((a) => a.id === world.agencies.a)?.vat_number).toBe('GB 123 4567 89');
  });

  it('refuses an agent, a bad VAT number and a long address, changing nothing', async () => {
    const byAgent = await agent.patch<AgencyReply>('/api/agency/', { vat_number: 'GB 999 9999 99' });
    expect(byAgent.status).toBe(403);
    const badVat = await agency.patch<AgencyReply>('/api/agency/', { vat_number: 'VAT: #12!', name: 'Renamed' });
    expect(badVat).toMatchObject({
      status: 400,
      body: { fields: { vat_number: ['VAT number must be letters and digits, e.g. GB 123 4567 89.'] } },
    });
    const long = await agency.patch<AgencyReply>('/api/agency/', { postal_address: 'x'.repeat(301) });
    expect(long).toMatchObject({
      status: 400,
      body: { fields: { postal_address: ['Postal address must be at most 300 characters.'] } },
    });
    const wrongType = await agency.patch<AgencyReply>('/api/agency/', { postal_address: 12 });
    expect(wrongType.status).toBe(400);
    expect((await agency.get<AgencyReply>('/api/agency/')).body).toMatchObject({
      name: 'North Drive',
      vat_number: 'GB 123 4567 89',
    });
    // Blank clears them.
    const cleared = await agencyB.patch<AgencyReply>('/api/agency/', { postal_address: ' ', vat_number: '' });
    expect(cleared.body).toMatchObject({ postal_address: '', vat_number: '' });
  });

  it('prints the address and VAT number, the title and the lines under their headings', async () => {
    const booking = await addBooking();
    const invoice = await draft(booking);
    const description = `Rental extras: ${'child seat, satnav and a second driver for the trip, '.repeat(3)}last words`;
    const lines = [
      ...invoice.lines.map(({ description: text, quantity, unit_amount }) => ({
        description: text,
        quantity,
        unit_amount,
      })),
      { description, quantity: 2, unit_amount: '7.50' },
    ];
    expect((await agency.patch(`/api/invoices/${invoice.id}/`, { lines })).status).toBe(200);

    const draftText = await pdfText((await agency.get(`/api/invoices/${invoice.id}/pdf/`)).raw.rawPayload);
    expect(draftText).toContain('Draft invoice');
    expect(draftText).not.toMatch(/Invoice \d/);
    expect(draftText).toContain('12 Station Road Leeds LS1 4AB');
    expect(draftText).toContain('VAT number: GB 123 4567 89');
    expect(draftText).toMatch(/Description Qty Unit price Amount Rental of /);
    // The whole description, over several lines, none of it cut.
    expect(draftText).toContain('last words');
    expect(draftText.replace(/ /g, '')).toContain(description.replace(/ /g, ''));
    expect(draftText).toContain('£15.00');

    const issued = await issue(invoice.id);
    const pdf = (await agency.get(`/api/invoices/${invoice.id}/pdf/`)).raw.rawPayload;
    const text = await pdfText(pdf);
    expect(text).toContain(`Invoice ${issued.number}`);
    expect(text).not.toContain('Draft invoice');
    const document = await getDocument({ data: new Uint8Array(pdf) }).promise;
    expect(((await document.getMetadata()).info as { Title?: string }).Title).toBe(`Invoice ${issued.number}`);

    // An agency without an address or VAT number prints neither label.
    const other = await draft(await addBooking('b'), agencyB);
    const otherText = await pdfText((await agencyB.get(`/api/invoices/${other.id}/pdf/`)).raw.rawPayload);
    expect(otherText).not.toContain('VAT');
    expect((await agencyB.get(`/api/invoices/${invoice.id}/pdf/`)).status).toBe(404);
  });

  it('marks the issued invoice paid when the payment that settles it is recorded', async () => {
    const booking = await addBooking();
    const invoice = await issue((await draft(booking)).id);
    expect(invoice.total).toBe('216.00');
    // A deposit is held, not paid; a part payment leaves it issued.
    expect((await pay(booking, '100.00', 'deposit')).status).toBe(201);
    expect((await pay(booking, '200.00')).status).toBe(201);
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'issued', paid_date: null });
    // The payment that brings payments less refunds to the total settles it, on that payment's day.
    expect((await pay(booking, '16.00', 'payment', '2032-04-02')).status).toBe(201);
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'paid', paid_date: '2032-04-02' });
  });

  it('counts refunds beyond the deposit against the payments', async () => {
    const booking = await addBooking();
    const invoice = await issue((await draft(booking)).id);
    expect((await pay(booking, '216.00')).status).toBe(201);
    const paid = await invoiceOf(invoice.id);
    expect(paid.status).toBe('paid');
    // A refund never moves a paid invoice back (it is voided and replaced instead).
    expect((await pay(booking, '10.00', 'refund')).status).toBe(201);
    expect((await invoiceOf(invoice.id)).status).toBe('paid');

    const second = await addBooking();
    const other = await issue((await draft(second)).id);
    expect((await pay(second, '216.00', 'refund')).status).toBe(409);
    expect((await pay(second, '200.00')).status).toBe(201);
    expect((await pay(second, '20.00', 'refund')).status).toBe(201);
    expect((await pay(second, '20.00')).status).toBe(201);
    expect((await invoiceOf(other.id)).status).toBe('issued');
    expect((await pay(second, '16.00')).status).toBe(201);
    expect((await invoiceOf(other.id)).status).toBe('paid');
  });

  it('issues an invoice of a booking already paid as paid, and leaves drafts and other agencies alone', async () => {
    const booking = await addBooking();
    const invoice = await draft(booking);
    expect((await pay(booking, '300.00', 'payment', '2032-02-01')).status).toBe(201);
    // A draft has no number yet: paying does not move it.
    expect((await invoiceOf(invoice.id)).status).toBe('draft');
    const issued = await issue(invoice.id);
    expect(issued.status).toBe('paid');
    expect(issued.paid_date).toBe(issued.issue_date);

    // Another agency cannot pay this booking, so cannot settle its invoice either.
    const unsettled = await addBooking();
    const mine = await issue((await draft(unsettled)).id);
    expect((await pay(unsettled, '216.00', 'payment', '2032-03-01', agencyB)).status).toBe(404);
    const bad = await pay(unsettled, '-5', 'payment');
    expect(bad.status).toBe(400);
    expect((await invoiceOf(mine.id)).status).toBe('issued');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgreementVerification, BookingAgreement } from '#domain/api/agreements';
import type { StaffBooking } from '#domain/api/bookings';
import type { RecordedInspection } from '#domain/api/inspections';
import { agreementHash, canonicalJson } from '#domain/agreement';
import { addDays, todayIso } from '#domain/dates';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { FileSpec, MultipartValue, TestClient } from '../helpers/client.ts';
import { startWorld, type World, type WorldClients } from '../helpers/fixtures.ts';
import { jpeg, png } from '../helpers/images.ts';
import { storedMedia, type StoredMedia } from '../helpers/media.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import * as rows from '../helpers/rows.ts';

const signaturePng = async (width = 600, height = 200): Promise<FileSpec> => ({
  name: 'signature.png',
  type: 'image/png',
  data: await png(width, height),
});

/** The rental agreement: read by the booking's staff and customer, signed by both, its PDF, the pickup it gates. */
describe(`rental agreements (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  let stored: StoredMedia;
  let serial = 0;
  const db = () => t.app.deps.db;

  /** A confirmed booking of Casey's for the Toyota (AA11 AAA), priced with stored lines (one an additional driver). */
  async function newBooking(status: 'confirmed' | 'completed' = 'confirmed') {
    serial += 1;
    const start = addDays(todayIso(t.clock.now()), 100 + serial * 3);
    const id = await rows.insertBooking(db(), {
      customer_id: world.customers.own,
      vehicle_id: world.vehicles.a1,
      start_date: start,
      end_date: addDays(start, 1),
      booking_status: status,
      booking_amount: 11000,
      booking_deposit: 30000,
      pickup_location: 'Leeds Station',
      rate_plan_version: 1,
    });
    await db()
      .insertInto('booking_quote_lines')
      .values([
        {
          booking_id: id,
          position: 0,
          kind: 'rental',
          code: 'rental',
          label: 'Rental, 2 days',
          quantity: 2,
          unit_amount: 4500,
          amount: 9000,
        },
        {
          booking_id: id,
          position: 1,
          kind: 'extra',
          code: 'extra:1',
          label: 'Additional driver',
          quantity: 1,
          unit_amount: 2000,
          amount: 2000,
        },
      ])
      .execute();
    return id;
  }
  const agreement = (client: TestClient, id: number) =>
    client.get<BookingAgreement & ErrorBody>(`/api/bookings/${id}/agreement/`);
  const sign = (
    client: TestClient,
    id: number,
    fields: Record<string, MultipartValue | null | undefined>,
    headers: Record<string, string> = {},
  ) =>
    client.multipart<BookingAgreement & ErrorBody>('POST', `/api/bookings/${id}/agreement/signatures/`, fields, {
      headers,
    });
  /** The fields a device sends for the agreement it shows. */
  const shown = (view: BookingAgreement, signer: 'customer' | 'staff') => ({
    signer,
    content: JSON.stringify(view.content),
    content_hash: view.content_hash,
    signed_at: '2026-05-01T09:30:00.000Z',
  });
  /** The pickup inspection recorded at the desk (with a reason for going without an agreement, or not). */
  const inspect = async (id: number, fields: Record<string, MultipartValue | null | undefined> = {}) =>
    clients.agent.multipart<RecordedInspection & ErrorBody>('POST', `/api/bookings/${id}/inspections/pickup/`, {
      mileage: 1200,
      fuel_eighths: 8,
      damage_marks: JSON.stringify([{ x: 0.5, y: 0.2, note: 'Chip on the bonnet' }]),
      photos: [{ name: 'front.jpg', type: 'image/jpeg', data: await jpeg(64, 48) }],
      ...fields,
    });
  const bookingStatus = async (id: number) =>
    await db()
      .selectFrom('bookings')
      .select(['booking_status', 'no_agreement_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const counts = async () => ({
    signatures: Number(
      (
        await db()
          .selectFrom('agreement_signatures')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    files: (await stored.keys()).filter((key) => key.startsWith('agreements/')).length,
  });

  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
    stored = storedMedia(t);
    await clients.agency.post('/api/agency-terms/', { text: 'Return the car with a full tank.' });
  });
  afterAll(async () => t?.close());

  it('gives the booking staff and its customer the agreement and its hash, never cached', async () => {
    const id = await newBooking();
    const staff = await agreement(clients.agent, id);
    expect(staff.status).toBe(200);
    expect(staff.headers['cache-control']).toBe('private, no-store');
    const { content } = staff.body;
    expect(content.customer.name).toBe('MR Casey Customer');
    expect(content.vehicle).toEqual({ make: 'Toyota', model: 'Corolla', registration: 'AA11 AAA' });
    expect(content.price).toMatchObject({ total: '110.00', deposit: '300.00', currency: 'GBP' });
    expect(content.additional_drivers).toBe(1);
    expect(content.terms).toEqual({ version: 1, text: 'Return the car with a full tank.' });
    expect(content.pickup_inspection).toBeNull();
    expect(staff.body).toMatchObject({ terms_version: 1, signatures: [], signed: false, pdf_url: null });
    // The device computes the same hash from the same content.
    expect(await agreementHash(content)).toBe(staff.body.content_hash);

    const customer = await agreement(clients.customer, id);
    expect(customer.status).toBe(200);
    expect(customer.body.content_hash).toBe(staff.body.content_hash);
    expect((await agreement(clients.staff, id)).status).toBe(200);
  });

  it("refuses another agency's staff and another customer (404), visitors (401) and a bad id (400)", async () => {
    const id = await newBooking();
    expect((await agreement(clients.agencyB, id)).status).toBe(404);
    expect((await agreement(clients.customer2, id)).status).toBe(404);
    expect((await agreement(clients.anonymous, id)).status).toBe(401);
    expect((await clients.agent.get('/api/bookings/abc/agreement/')).status).toBe(400);
    expect((await clients.agent.get('/api/bookings/999999/agreement/')).status).toBe(404);
  });

  it('takes the customer’s drawn signature on the tablet, then staff’s typed countersignature; renders, serves and mails the PDF once', async () => {
    const id = await newBooking();
    const view = (await agreement(clients.agent, id)).body;
    const mailsBefore = t.outbox.length;

    const first = await sign(clients.agent, id, { ...shown(view, 'customer'), signature: await signaturePng() });
    expect(first.status).toBe(201);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.body.signed).toBe(false);
    expect(first.body.signatures).toEqual([
      expect.objectContaining({
        signer: 'customer',
        drawn: true,
        typed_name: null,
        content_hash: view.content_hash,
        signed_at: '2026-05-01T09:30:00.000Z',
      }),
    ]);
    expect(first.body.signatures[0]?.received_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const second = await sign(clients.agency, id, { ...shown(view, 'staff'), typed_name: 'Alex Agency' });
    expect(second.status).toBe(201);
    expect(second.body.signed).toBe(true);
    expect(second.body.pdf_url).toBe(`/api/bookings/${id}/agreement/pdf/`);
    expect(second.body.signatures.map((item) => [item.signer, item.drawn, item.typed_name])).toEqual([
      ['customer', true, null],
      ['staff', false, 'Alex Agency'],
    ]);

    const pdf = await clients.customer.get<string>(`/api/bookings/${id}/agreement/pdf/`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.headers['content-security-policy']).toBe('sandbox');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    const text = await pdfText(pdf.raw.rawPayload);
    for (const words of [
      'MR Casey Customer',
      'AA11 AAA',
      'Total: 110.00 GBP',
      'Terms, version 1',
      'Return the car with a full tank.',
      'License number: not on file',
      'Typed name: Alex Agency',
      'Signed on the device: 01/05/2026 09:30:00 UTC',
      view.content_hash,
    ]) {
      expect(text).toContain(words);
    }
    expect((await clients.agencyB.get(`/api/bookings/${id}/agreement/pdf/`)).status).toBe(404);
    expect((await clients.customer2.get(`/api/bookings/${id}/agreement/pdf/`)).status).toBe(404);
    expect((await clients.anonymous.get(`/api/bookings/${id}/agreement/pdf/`)).status).toBe(401);

    const mails = t.outbox.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'casey@example.com',
      subject: `Your signed rental agreement, booking #${id}`,
    });
    expect(mails[0]?.attachments?.[0]?.content.equals(pdf.raw.rawPayload)).toBe(true);

    // Signed by both: the pickup needs no reason.
    const picked = await clients.agent.post<StaffBooking>(`/api/bookings/${id}/pickup/`);
    expect(picked.status).toBe(200);
    expect(picked.body.booking_status).toBe('active');

    // A third signature is refused and mails nothing more.
    const third = await sign(clients.agency, id, { ...shown(view, 'staff'), typed_name: 'Again' });
    expect(third.status).toBe(409);
    expect(t.outbox.slice(mailsBefore)).toHaveLength(1);
  });

  it('refuses a signature over an agreement that changed since it was shown: 409 with the sentence, nothing stored', async () => {
    const id = await newBooking();
    const view = (await agreement(clients.agent, id)).body;
    await db()
      .updateTable('booking_quote_lines')
      .set({ amount: 9500 })
      .where('booking_id', '=', id)
      .where('position', '=', 0)
      .execute();
    const before = await counts();
    const refused = await sign(clients.agent, id, { ...shown(view, 'customer'), signature: await signaturePng() });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('The price lines changed since the agreement was shown.');
    expect(refused.body.fields?.content_hash).toEqual([refused.body.error]);
    expect(await counts()).toEqual(before);

    // Signed over the new content; then the terms change before staff countersign.
    const now = (await agreement(clients.agent, id)).body;
    expect((await sign(clients.customer, id, { ...shown(now, 'customer'), typed_name: 'Casey Customer' })).status).toBe(
      201,
    );
    await clients.agency.post('/api/agency-terms/', { text: 'Return the car clean and full.' });
    const stale = await sign(clients.agency, id, { ...shown(now, 'staff'), typed_name: 'Alex Agency' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('The rental terms changed since the agreement was shown.');
    // Over the newest content staff are told the customer signed an earlier one.
    const newest = (await agreement(clients.agent, id)).body;
    expect(newest.terms_version).toBe(2);
    const earlier = await sign(clients.agency, id, { ...shown(newest, 'staff'), typed_name: 'Alex Agency' });
    expect(earlier.status).toBe(409);
    expect(earlier.body.error).toBe(
      'The rental terms changed since the agreement was shown. The customer signs again first.',
    );
    // The customer signs again (replacing the earlier signature), then staff countersign.
    expect((await sign(clients.customer, id, { ...shown(newest, 'customer'), typed_name: 'Casey C' })).status).toBe(
      201,
    );
    const done = await sign(clients.agency, id, { ...shown(newest, 'staff'), signature: await signaturePng(400, 150) });
    expect(done.status).toBe(201);
    expect(done.body.signatures.map((item) => [item.signer, item.typed_name])).toEqual([
      ['customer', 'Casey C'],
      ['staff', null],
    ]);
    expect(done.body.terms_version).toBe(2);
    const text = await pdfText((await clients.agent.get(`/api/bookings/${id}/agreement/pdf/`)).raw.rawPayload);
    expect(text).toContain('Terms, version 2');
    expect(text).toContain('Typed name: Casey C');
  });

  it("names the customer's license number; a change after the customer signed is refused, naming it; the PDF prints it", async () => {
    const setNumber = (license_number: string | null) =>
      db().updateTable('customers').set({ license_number }).where('id', '=', world.customers.own).execute();
    await setNumber('CASEY 901234 CC9AB');
    try {
      const id = await newBooking();
      const view = (await agreement(clients.agent, id)).body;
      expect(view.content.customer.license_number).toBe('CASEY 901234 CC9AB');
      expect((await sign(clients.customer, id, { ...shown(view, 'customer'), typed_name: 'Casey C' })).status).toBe(
        201,
      );

      // The customer corrects the number on their profile before staff countersign.
      const profile = await clients.customer.multipart('PATCH', '/api/customers/me/', {
        license_number: 'CASEY 901234 CC9AC',
      });
      expect(profile.status).toBe(200);
      const before = await counts();
      const stale = await sign(clients.agency, id, { ...shown(view, 'staff'), typed_name: 'Alex Agency' });
      expect(stale.status).toBe(409);
      expect(stale.body.error).toBe("The customer's license number changed since the agreement was shown.");
      expect(await counts()).toEqual(before);

      const now = (await agreement(clients.agent, id)).body;
      expect(now.content.customer.license_number).toBe('CASEY 901234 CC9AC');
      expect((await sign(clients.customer, id, { ...shown(now, 'customer'), typed_name: 'Casey C' })).status).toBe(201);
      expect((await sign(clients.agency, id, { ...shown(now, 'staff'), typed_name: 'Alex Agency' })).status).toBe(201);
      const text = await pdfText((await clients.agent.get(`/api/bookings/${id}/agreement/pdf/`)).raw.rawPayload);
      expect(text).toContain('License number: CASEY 901234 CC9AC');
    } finally {
      await setNumber(null);
    }
  });

  it('refuses a signature when the agreement changes while it is being signed (after the checks, before the write)', async () => {
    const id = await newBooking();
    const view = (await agreement(clients.agent, id)).body;
    const before = await counts();
    // The price changes once the signature passed its checks, while its image is being stored.
    const media = t.app.deps.media;
    const storeSignature = media.storeSignature.bind(media);
    media.storeSignature = async (...args) => {
      await db()
        .updateTable('booking_quote_lines')
        .set({ amount: 9900 })
        .where('booking_id', '=', id)
        .where('position', '=', 0)
        .execute();
      return storeSignature(...args);
    };
    try {
      const refused = await sign(clients.agent, id, { ...shown(view, 'customer'), signature: await signaturePng() });
      expect(refused.status).toBe(409);
      expect(refused.body.fields?.content_hash).toEqual(['The price lines changed since the agreement was shown.']);
    } finally {
      media.storeSignature = storeSignature;
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input with a 4xx naming the field, and stores nothing', async () => {
    const id = await newBooking();
    const view = (await agreement(clients.agent, id)).body;
    const before = await counts();
    const base = shown(view, 'customer');
    const cases: [Record<string, MultipartValue | null | undefined>, number, string][] = [
      [{ ...base }, 400, 'signature'],
      [{ ...base, typed_name: 'Casey', signature: await signaturePng() }, 400, 'signature'],
      [{ ...base, signer: 'witness', typed_name: 'Casey' }, 400, 'signer'],
      [{ ...base, signed_at: 'yesterday', typed_name: 'Casey' }, 400, 'signed_at'],
      [{ ...base, content_hash: 'abc', typed_name: 'Casey' }, 400, 'content_hash'],
      [{ ...base, content: '{not json', typed_name: 'Casey' }, 400, 'content'],
      [{ ...base, content: '[1,2]', typed_name: 'Casey' }, 400, 'content'],
      [{ ...base, content: canonicalJson({ ...view.content, extra: 1 }), typed_name: 'Casey' }, 400, 'content_hash'],
      [{ ...base, typed_name: 'x'.repeat(101) }, 400, 'typed_name'],
      [{ ...base, signature: { name: 'sig.jpg', type: 'image/png', data: await jpeg(300, 100) } }, 415, 'signature'],
      [
        { ...base, signature: { name: 'sig.png', type: 'image/png', data: Buffer.from('not a png') } },
        415,
        'signature',
      ],
      [{ ...base, signature: await signaturePng(2400, 200) }, 400, 'signature'],
      [{ ...base, signature: [await signaturePng(), await signaturePng()] }, 400, 'signature'],
    ];
    for (const [fields, status, field] of cases) {
      const reply = await sign(clients.agent, id, fields);
      expect([reply.status, Object.keys(reply.body.fields ?? {})], JSON.stringify(reply.body)).toEqual([
        status,
        [field],
      ]);
    }
    const json = await clients.agent.post<ErrorBody>(`/api/bookings/${id}/agreement/signatures/`, base);
    expect(json.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('lets the customer sign only their own booking and never countersign; staff only after the customer', async () => {
    const id = await newBooking();
    const view = (await agreement(clients.customer, id)).body;
    const staffFirst = await sign(clients.agent, id, { ...shown(view, 'staff'), typed_name: 'Alex Agent' });
    expect(staffFirst.status).toBe(409);
    expect(staffFirst.body.error).toBe('The customer signs first; staff countersign after.');
    expect((await sign(clients.customer, id, { ...shown(view, 'staff'), typed_name: 'Casey' })).status).toBe(403);
    expect((await sign(clients.customer2, id, { ...shown(view, 'customer'), typed_name: 'Morgan' })).status).toBe(404);
    expect((await sign(clients.agencyB, id, { ...shown(view, 'customer'), typed_name: 'Blake' })).status).toBe(404);
    expect((await sign(clients.anonymous, id, { ...shown(view, 'customer'), typed_name: 'Nobody' })).status).toBe(401);
    expect((await counts()).signatures).toBe(
      Number(
        (
          await db()
            .selectFrom('agreement_signatures')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('booking_id', '<>', id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );

    // On their phone, before pickup: the desk then only countersigns.
    const own = await sign(clients.customer, id, { ...shown(view, 'customer'), signature: await signaturePng() });
    expect(own.status).toBe(201);
    const twice = await sign(clients.customer, id, { ...shown(view, 'customer'), typed_name: 'Casey' });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('The customer has already signed this agreement; staff countersign it now.');
    expect((await sign(clients.agent, id, { ...shown(view, 'staff'), typed_name: 'Alex Agent' })).status).toBe(201);
  });

  it('refuses a signature on a booking that is over (409)', async () => {
    const id = await newBooking('completed');
    const view = (await agreement(clients.agent, id)).body;
    const refused = await sign(clients.agent, id, { ...shown(view, 'customer'), typed_name: 'Casey' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^This booking is completed/);
  });

  it('replays a signature sent twice with one Idempotency-Key: one signature, the same reply', async () => {
    const id = await newBooking();
    const view = (await agreement(clients.agent, id)).body;
    const headers = { 'idempotency-key': `agreement-replay-${ENGINE}-0001` };
    const fields = { ...shown(view, 'customer'), signature: await signaturePng() };
    const first = await sign(clients.agent, id, fields, headers);
    const again = await sign(clients.agent, id, fields, headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    const count = await db()
      .selectFrom('agreement_signatures')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('booking_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('verifies an uploaded PDF by the SHA-256 of its bytes, for the booking’s staff and customer only', async () => {
    const id = await newBooking();
    const view = (await agreement(clients.agent, id)).body;
    await sign(clients.customer, id, { ...shown(view, 'customer'), typed_name: 'Casey' });
    await sign(clients.agent, id, { ...shown(view, 'staff'), typed_name: 'Alex Agent' });
    const pdf = (await clients.agent.get(`/api/bookings/${id}/agreement/pdf/`)).raw.rawPayload;
    const verify = (client: TestClient, file: MultipartValue | undefined) =>
      client.multipart<AgreementVerification & ErrorBody>('POST', '/api/agreements/verify/', { file });
    const asPdf = (data: Buffer): FileSpec => ({ name: 'agreement.pdf', type: 'application/pdf', data });

    for (const client of [clients.agent, clients.agency, clients.staff, clients.customer]) {
      const genuine = await verify(client, asPdf(pdf));
      expect(genuine.status).toBe(200);
      expect(genuine.headers['cache-control']).toBe('private, no-store');
      expect(genuine.body).toMatchObject({ genuine: true, booking: id, content_hash: view.content_hash });
    }
    const none = { genuine: false, booking: null, content_hash: null, rendered_at: null };
    // Another agency's staff and another customer learn nothing of it.
    expect((await verify(clients.agencyB, asPdf(pdf))).body).toEqual(none);
    expect((await verify(clients.customer2, asPdf(pdf))).body).toEqual(none);
    // One byte changed: not the PDF that was signed.
    const altered = Buffer.from(pdf);
    altered[altered.length - 10] = (altered[altered.length - 10] ?? 0) ^ 1;
    expect((await verify(clients.agent, asPdf(altered))).body).toEqual(none);

    const notPdf = await verify(clients.agent, { name: 'a.png', type: 'image/png', data: await png(10, 10) });
    expect([notPdf.status, Object.keys(notPdf.body.fields ?? {})]).toEqual([415, ['file']]);
    const tooLarge = await verify(clients.agent, asPdf(Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)])));
    expect(tooLarge.status).toBe(413);
    const noFile = await verify(clients.agent, undefined);
    expect([noFile.status, Object.keys(noFile.body.fields ?? {})]).toEqual([400, ['file']]);
    expect((await clients.agent.post('/api/agreements/verify/', {})).status).toBe(400);
    expect((await verify(clients.anonymous, asPdf(pdf))).status).toBe(401);
  });

  it('gates the pickup: refused without a signed agreement unless staff give the reason, which is kept', async () => {
    const id = await newBooking();
    const refused = await clients.agent.post<ErrorBody>(`/api/bookings/${id}/pickup/`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/rental agreement is not signed/);
    expect(refused.body.fields?.no_agreement_reason).toEqual([refused.body.error]);
    const blank = await clients.agent.post<ErrorBody>(`/api/bookings/${id}/pickup/`, { no_agreement_reason: '   ' });
    expect(blank.status).toBe(409);
    const long = await clients.agent.post<ErrorBody>(`/api/bookings/${id}/pickup/`, {
      no_agreement_reason: 'x'.repeat(501),
    });
    expect(long.status).toBe(400);
    expect(long.body.fields?.no_agreement_reason).toBeDefined();
    const status = async () =>
      await db()
        .selectFrom('bookings')
        .select(['booking_status', 'no_agreement_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await status()).toEqual({ booking_status: 'confirmed', no_agreement_reason: null });

    // Only the customer signed: still not signed by both.
    const view = (await agreement(clients.agent, id)).body;
    await sign(clients.customer, id, { ...shown(view, 'customer'), typed_name: 'Casey' });
    expect((await clients.agent.post(`/api/bookings/${id}/pickup/`)).status).toBe(409);

    const picked = await clients.agent.post<StaffBooking>(`/api/bookings/${id}/pickup/`, {
      no_agreement_reason: 'Tablet broken; paper agreement signed.',
    });
    expect(picked.status).toBe(200);
    expect(await status()).toEqual({
      booking_status: 'active',
      no_agreement_reason: 'Tablet broken; paper agreement signed.',
    });
    expect((await agreement(clients.customer, id)).body.no_agreement_reason).toBe(
      'Tablet broken; paper agreement signed.',
    );
  });
  it('the pickup inspection picks up only a booking signed by both or with a reason; else the countersignature does', async () => {
    // Inspection first: the booking waits for the agreement, which now includes the inspection.
    const id = await newBooking();
    const recorded = await inspect(id);
    expect(recorded.status).toBe(201);
    expect(recorded.body.booking.booking_status).toBe('confirmed');
    expect(await bookingStatus(id)).toEqual({ booking_status: 'confirmed', no_agreement_reason: null });
    const view = (await agreement(clients.agent, id)).body;
    expect(view.content.pickup_inspection).toEqual({
      mileage: 1200,
      fuel_eighths: 8,
      damage_marks: [{ x: 0.5, y: 0.2, note: 'Chip on the bonnet' }],
      photos: 1,
    });
    expect(
      (await sign(clients.agent, id, { ...shown(view, 'customer'), signature: await signaturePng() })).status,
    ).toBe(201);
    expect(await bookingStatus(id)).toEqual({ booking_status: 'confirmed', no_agreement_reason: null });
    const countersigned = await sign(clients.agency, id, { ...shown(view, 'staff'), typed_name: 'Alex Agency' });
    expect(countersigned.status).toBe(201);
    expect(countersigned.body.signed).toBe(true);
    expect(await bookingStatus(id)).toEqual({ booking_status: 'active', no_agreement_reason: null });

    // Signed by both before the inspection: the countersignature alone does not pick up, the inspection does.
    const early = await newBooking();
    const before = (await agreement(clients.agent, early)).body;
    await sign(clients.customer, early, { ...shown(before, 'customer'), typed_name: 'Casey' });
    expect((await sign(clients.agency, early, { ...shown(before, 'staff'), typed_name: 'Alex' })).status).toBe(201);
    expect((await bookingStatus(early)).booking_status).toBe('confirmed');
    const picked = await inspect(early);
    expect(picked.status).toBe(201);
    expect(picked.body.booking.booking_status).toBe('active');

    // Without an agreement, with the reason: picked up, the reason kept and shown with the agreement.
    const without = await newBooking();
    const reasoned = await inspect(without, { no_agreement_reason: '  Customer has no phone and the tablet died.  ' });
    expect(reasoned.body.booking.booking_status).toBe('active');
    expect(await bookingStatus(without)).toEqual({
      booking_status: 'active',
      no_agreement_reason: 'Customer has no phone and the tablet died.',
    });
    expect((await agreement(clients.agent, without)).body.no_agreement_reason).toBe(
      'Customer has no phone and the tablet died.',
    );

    // A blank reason is no reason (the booking waits); a reason too long is refused and nothing is stored.
    const blank = await newBooking();
    expect((await inspect(blank, { no_agreement_reason: '   ' })).body.booking.booking_status).toBe('confirmed');
    const long = await newBooking();
    const tooLong = await inspect(long, { no_agreement_reason: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields?.no_agreement_reason).toEqual(['Reason must be at most 500 characters.']);
    expect((await agreement(clients.agent, long)).body.content.pickup_inspection).toBeNull();
  });

  it('keeps the signature of a customer who signed on their phone before pickup; staff countersign it with the inspection', async () => {
    const id = await newBooking();
    const remote = (await agreement(clients.customer, id)).body;
    expect(remote.content.pickup_inspection).toBeNull();
    expect(
      (await sign(clients.customer, id, { ...shown(remote, 'customer'), typed_name: 'Casey Customer' })).status,
    ).toBe(201);
    expect((await inspect(id)).body.booking.booking_status).toBe('confirmed');
    const atDesk = (await agreement(clients.agent, id)).body;
    expect(atDesk.content_hash).not.toBe(remote.content_hash);
    expect(atDesk.content.pickup_inspection?.mileage).toBe(1200);
    // Still standing for the current content: the desk only countersigns.
    expect(atDesk.signatures.map((item) => [item.signer, item.current])).toEqual([['customer', true]]);
    // Staff countersign what is current (with the inspection), not the content the customer saw.
    const old = await sign(clients.agency, id, { ...shown(remote, 'staff'), typed_name: 'Alex Agency' });
    expect(old.status).toBe(409);
    expect(old.body.error).toBe('The pickup inspection changed since the agreement was shown.');
    const done = await sign(clients.agency, id, { ...shown(atDesk, 'staff'), signature: await signaturePng() });
    expect(done.status).toBe(201);
    expect(done.body.signed).toBe(true);
    expect(done.body.content_hash).toBe(atDesk.content_hash);
    expect(done.body.signatures.map((item) => [item.signer, item.content_hash])).toEqual([
      ['customer', remote.content_hash],
      ['staff', atDesk.content_hash],
    ]);
    expect((await bookingStatus(id)).booking_status).toBe('active');

    const pdf = (await clients.customer.get<string>(`/api/bookings/${id}/agreement/pdf/`)).raw.rawPayload;
    const text = await pdfText(pdf);
    for (const words of [
      'Pickup inspection (recorded at pickup after the customer signed; countersigned by staff)',
      'Mileage: 1200 km',
      'Signed the content before the pickup inspection, hash',
      remote.content_hash,
      'Countersigned the content with the pickup inspection, hash',
      atDesk.content_hash,
      'Typed name: Casey Customer',
    ]) {
      expect(text).toContain(words);
    }
    // The staff signature is drawn: the PDF carries its image.
    expect(pdf.toString('latin1').match(/\/Subtype\s*\/Image/g)?.length).toBe(1);
  });

  it('still asks the customer to sign again when more than the pickup inspection changed since they signed', async () => {
    const id = await newBooking();
    const remote = (await agreement(clients.customer, id)).body;
    await sign(clients.customer, id, { ...shown(remote, 'customer'), typed_name: 'Casey Customer' });
    await inspect(id);
    await db()
      .updateTable('booking_quote_lines')
      .set({ amount: 9900 })
      .where('booking_id', '=', id)
      .where('position', '=', 0)
      .execute();
    const now = (await agreement(clients.agent, id)).body;
    expect(now.signatures.map((item) => [item.signer, item.current])).toEqual([['customer', false]]);
    const before = await counts();
    const refused = await sign(clients.agency, id, { ...shown(now, 'staff'), typed_name: 'Alex Agency' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      'The price lines changed since the agreement was shown. The customer signs again first.',
    );
    expect(await counts()).toEqual(before);
    expect((await bookingStatus(id)).booking_status).toBe('confirmed');
    // Signed again at the desk over the current content, then countersigned: picked up.
    expect((await sign(clients.agent, id, { ...shown(now, 'customer'), typed_name: 'Casey C' })).status).toBe(201);
    expect((await sign(clients.agency, id, { ...shown(now, 'staff'), typed_name: 'Alex Agency' })).status).toBe(201);
    expect((await bookingStatus(id)).booking_status).toBe('active');
  });
});

import { randomUUID } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '#domain/dates';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World, type WorldClients } from '../helpers/fixtures.ts';
import { png } from '../helpers/images.ts';
import { MultipartWriter, RawRequest } from '../helpers/raw-http.ts';

const MALFORMED = 'The upload was cut short or is not a well-formed multipart form. Please send it again.';
const NOT_JSON = 'The request body is not valid JSON.';
const TOO_DEEP = 'The request body is nested too deeply (at most 32 levels).';
const POISONED = 'The request body may not use the keys __proto__ or constructor.prototype.';
const NUL_TEXT = 'Text may not contain the character U+0000 (NUL).';
const IMAGE_TOO_LARGE = 'An image may be at most 10 MB.';
const MB = 1024 * 1024;

/** `[[[…]]]` or `{"a":{"a":…}}`, `depth` levels deep. */
const nestedArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;

describe(`request bodies and uploads (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  let port: number;

  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  /** Every file under DATA_DIR with its size, but the database's own (rows are counted apart). */
  async function dataDirFiles(): Promise<string[]> {
    const entries = await readdir(t.config.dataDir, { recursive: true, withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile() && !entry.name.startsWith('fleet.sqlite'))
      .map((entry) => path.join(entry.parentPath, entry.name));
    const sized = await Promise.all(
      files.map(async (file) => `${path.relative(t.config.dataDir, file)} ${(await stat(file)).size}`),
    );
    return sized.sort();
  }

  /** What a refused write must leave as it was: the rows that file uploads create or change, and the files. */
  async function snapshot() {
    const { db } = t.app.deps;
    return {
      files: await dataDirFiles(),
      vehicles: await db.selectFrom('vehicles').select(['id', 'updated_at']).orderBy('id').execute(),
      images: await db.selectFrom('vehicle_images').select('id').orderBy('id').execute(),
      customers: await db
        .selectFrom('customers')
        .select(['id', 'updated_at', 'drivers_license_key'])
        .orderBy('id')
        .execute(),
    };
  }

  describe('access before the body', () => {
    const startOfUpload = (form: MultipartWriter) =>
      Buffer.concat([
        form.field('make', 'Skoda'),
        form.fileStart('image_uploads', 'huge.png', 'image/png'),
        Buffer.alloc(64 * 1024, 1),
      ]);

    it('refuses an anonymous, wrong-role or CSRF-less 150 MB upload after its first chunk and closes the connection', async () => {
      const before = await snapshot();
      const withoutCsrf = async (client: TestClient) => {
        const { 'x-csrftoken': _left, ...headers } = await client.sessionHeaders();
        return headers;
      };
      const callers: [string, Promise<Record<string, string>>, number][] = [
        ['anonymous', clients.anonymous.sessionHeaders(), 401],
        ['customer', clients.customer.sessionHeaders(), 403],
        ['staff without a CSRF token', withoutCsrf(clients.staff), 403],
      ];
      for (const [who, headers, status] of callers) {
        const form = new MultipartWriter();
        const request = await RawRequest.open(port, 'POST', '/api/staff-vehicles/', {
          ...(await headers),
          'content-type': form.contentType,
          'content-length': String(150 * MB),
        });
        await request.write(startOfUpload(form));
        // The reply comes while all but the first chunk is unsent: nothing waited for the body.
        const reply = await request.response;
        expect(reply.status, who).toBe(status);
        expect((JSON.parse(reply.body) as ErrorBody).error, who).toMatch(/\w+ \w+/);
        // The server ends the connection rather than read (and throw away) the other 150 MB.
        await request.closed;
        expect(request.bytesSent, who).toBeLessThan(100 * 1024);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a JSON body to a signed-in call before reading it', async () => {
      const request = await RawRequest.open(port, 'POST', '/api/bookings/', {
        ...(await clients.anonymous.sessionHeaders()),
        'content-type': 'application/json',
        'content-length': String(900 * 1024),
      });
      await request.write('{"customer_id": 1, "notes": "');
      const reply = await request.response;
      expect(reply.status).toBe(401);
      await request.closed;
    });
  });

  describe('per-call limits, while the body streams in', () => {
    it('stops reading a vehicle image over 10 MB part-way and keeps nothing', async () => {
      const before = await snapshot();
      const form = new MultipartWriter();
      const declared = 100 * MB;
      const request = await RawRequest.open(port, 'POST', '/api/staff-vehicles/', {
        ...(await clients.staff.sessionHeaders()),
        'content-type': form.contentType,
        'content-length': String(declared),
      });
      await request.write(
        Buffer.concat([
          form.field('make', 'Skoda'),
          form.field('model', 'Fabia'),
          form.file('image_uploads', 'first.png', 'image/png', await png(64, 48)),
          form.fileStart('image_uploads', 'huge.png', 'image/png'),
        ]),
      );
      const chunk = Buffer.alloc(256 * 1024, 7);
      while (request.bytesSent + chunk.length < declared && (await request.write(chunk))) {
        // the server reads on until the image passes 10 MB
      }
      const reply = await request.response;
      expect(reply.status).toBe(413);
      expect(JSON.parse(reply.body)).toEqual({ error: IMAGE_TOO_LARGE, fields: { image_uploads: [IMAGE_TOO_LARGE] } });
      await request.closed;
      // The refusal came a little past 10 MB (plus what the sockets held), far short of the 100 MB declared.
      expect(request.bytesSent).toBeLessThan(declared / 2);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses at once a body declared larger than the form can take', async () => {
      const form = new MultipartWriter();
      const request = await RawRequest.open(port, 'PATCH', '/api/customers/me/', {
        ...(await clients.customer.sessionHeaders()),
        'content-type': form.contentType,
        'content-length': String(50 * MB),
      });
      const reply = await request.response;
      expect(reply.status).toBe(413);
      expect((JSON.parse(reply.body) as ErrorBody).error).toBe('The upload is larger than this form takes.');
      await request.closed;
      expect(request.bytesSent).toBe(0);
    });

    it('keeps JSON bodies to 1 MB and takes files only on the calls that declare them', async () => {
      const staff = clients.staff;
      const big = await staff.raw<ErrorBody>(
        'POST',
        '/api/bookings/',
        JSON.stringify({ notes: 'x'.repeat(MB) }),
        'application/json',
      );
      expect(big.status).toBe(413);
      expect(big.body.error).toBe('The request is too large.');

      const form = new MultipartWriter();
      const withFile = form.body(form.field('notes', 'hi'), form.file('notes_file', 'a.png', 'image/png', await png()));
      const refused = await staff.raw<ErrorBody>('POST', '/api/bookings/', withFile, form.contentType);
      expect(refused.status).toBe(415);
      expect(refused.body.error).toBe('This call takes JSON (application/json).');
      const textOnly = await staff.raw<ErrorBody>(
        'POST',
        '/api/bookings/',
        form.body(form.field('a', 'b')),
        form.contentType,
      );
      expect(textOnly.status).toBe(415);
      const plain = await staff.raw<ErrorBody>(
        'PATCH',
        `/api/staff-vehicles/${world.vehicles.a1}/`,
        'color=Red',
        'text/plain',
      );
      expect(plain.status).toBe(415);
      expect(plain.body.error).toBe('This call takes JSON or a multipart form (multipart/form-data).');
    });
  });

  describe('slow and cut-off uploads over a real connection', () => {
    const imageCount = async (vehicleId: number) =>
      (await t.app.deps.db.selectFrom('vehicle_images').select('id').where('vehicle_id', '=', vehicleId).execute())
        .length;

    it('takes an upload that arrives a few bytes at a time, boundaries split across pieces', async () => {
      const before = await imageCount(world.vehicles.a2);
      const form = new MultipartWriter();
      const body = form.body(
        form.field('color', 'Teal'),
        form.file('images', 'slow.png', 'image/png', await png(120, 90)),
      );
      const request = await RawRequest.open(port, 'PATCH', `/api/staff-vehicles/${world.vehicles.a2}/`, {
        ...(await clients.agency.sessionHeaders()),
        'content-type': form.contentType,
        'content-length': String(body.length),
      });
      // 37-byte pieces, with a pause after each, so every boundary is split somewhere.
      for (let offset = 0; offset < body.length; offset += 37) {
        await request.write(body.subarray(offset, offset + 37));
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      const reply = await request.response;
      expect(reply.status).toBe(200);
      expect((JSON.parse(reply.body) as { color: string }).color).toBe('Teal');
      expect(await imageCount(world.vehicles.a2)).toBe(before + 1);
      request.close();
    });

    it('keeps nothing of an upload whose connection drops mid-file, and serves on', async () => {
      const before = await snapshot();
      const form = new MultipartWriter();
      const image = await png(400, 300);
      const body = form.body(form.field('city', 'Hull'), form.file('drivers_license', 'l.png', 'image/png', image));
      const request = await RawRequest.open(port, 'PATCH', '/api/customers/me/', {
        ...(await clients.customer.sessionHeaders()),
        'content-type': form.contentType,
        'content-length': String(body.length),
      });
      await request.write(body.subarray(0, body.length - image.length / 2));
      request.close();
      await request.closed;
      const after = await clients.customer.get('/api/customers/me/');
      expect(after.status).toBe(200);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('malformed multipart bodies', () => {
    interface FileRoute {
      name: string;
      method: 'POST' | 'PATCH';
      url: () => string;
      client: () => TestClient;
      fileField: string;
      maxFiles: number;
      tooMany: string;
    }
    const fileRoutes: FileRoute[] = [
      {
        name: 'POST staff-vehicles/',
        method: 'POST',
        url: () => '/api/staff-vehicles/',
        client: () => clients.staff,
        fileField: 'image_uploads',
        maxFiles: 12,
        tooMany: 'A vehicle can have at most 12 images.',
      },
      {
        name: 'PATCH staff-vehicles/{id}/',
        method: 'PATCH',
        url: () => `/api/staff-vehicles/${world.vehicles.a1}/`,
        client: () => clients.agency,
        fileField: 'images',
        maxFiles: 12,
        tooMany: 'A vehicle can have at most 12 images.',
      },
      {
        name: 'POST customers/',
        method: 'POST',
        url: () => '/api/customers/',
        client: () => clients.agent,
        fileField: 'drivers_license',
        maxFiles: 1,
        tooMany: 'Send one license file.',
      },
      {
        name: 'PATCH customers/{id}/',
        method: 'PATCH',
        url: () => `/api/customers/${world.customers.createdByA}/`,
        client: () => clients.agency,
        fileField: 'drivers_license',
        maxFiles: 1,
        tooMany: 'Send one license file.',
      },
      {
        name: 'PATCH customers/me/',
        method: 'PATCH',
        url: () => '/api/customers/me/',
        client: () => clients.customer,
        fileField: 'drivers_license',
        maxFiles: 1,
        tooMany: 'Send one license file.',
      },
    ];

    interface Case {
      name: string;
      body: Buffer | string;
      type: string;
      status: number;
      error: string;
      fields?: Record<string, string[]>;
    }

    async function cases(route: FileRoute): Promise<Case[]> {
      const form = new MultipartWriter();
      const image = await png(64, 48);
      const whole = form.body(form.field('city', 'Halifax'), form.file(route.fileField, 'l.png', 'image/png', image));
      const malformed = (name: string, body: Buffer | string, type = form.contentType): Case => ({
        name,
        body,
        type,
        status: 400,
        error: MALFORMED,
      });
      const manyFiles = Array.from({ length: route.maxFiles + 1 }, () =>
        form.file(route.fileField, 'l.png', 'image/png', image),
      );
      return [
        malformed('cut off mid-file', whole.subarray(0, whole.length - image.length / 2)),
        malformed('cut off mid-field', form.field('city', 'Halifax').subarray(0, 60)),
        malformed('no closing boundary', whole.subarray(0, whole.length - form.end().length)),
        malformed('no boundary, body x', 'x', 'multipart/form-data'),
        malformed('another boundary', whole, 'multipart/form-data; boundary=zzz'),
        malformed('JSON sent as multipart', JSON.stringify({ city: 'Halifax' })),
        { name: 'multipart sent as JSON', body: whole, type: 'application/json', status: 400, error: NOT_JSON },
        {
          name: 'text/plain',
          body: 'city=Halifax',
          type: 'text/plain',
          status: 415,
          error: 'This call takes JSON or a multipart form (multipart/form-data).',
        },
        {
          name: 'a part with no name',
          body: form.body(form.rawPart('Content-Disposition: form-data', 'Halifax')),
          type: form.contentType,
          status: 400,
          error: 'Every part of the form needs a name.',
        },
        {
          name: 'a file where text is expected',
          body: form.body(form.file('city', 'city.png', 'image/png', image)),
          type: form.contentType,
          status: 400,
          error: 'This field takes text, not a file.',
          fields: { city: ['This field takes text, not a file.'] },
        },
        {
          name: 'text where a file is expected',
          body: form.body(form.field(route.fileField, 'license.png')),
          type: form.contentType,
          status: 400,
          error: 'This field takes a file.',
          fields: { [route.fileField]: ['This field takes a file.'] },
        },
        {
          name: 'one file too many',
          body: form.body(...manyFiles),
          type: form.contentType,
          status: 400,
          error: route.tooMany,
          fields: { [route.fileField]: [route.tooMany] },
        },
        {
          name: 'too many fields',
          body: form.body(...Array.from({ length: 101 }, (_, index) => form.field(`field${index}`, 'x'))),
          type: form.contentType,
          status: 413,
          error: 'The form has too many fields (at most 100).',
        },
        {
          name: 'too many parts',
          body: form.body(...Array.from({ length: 120 }, () => form.rawPart('X-Note: no disposition', 'x'))),
          type: form.contentType,
          status: 413,
          error: 'The form has too many parts.',
        },
        {
          name: 'a field too long',
          body: form.body(form.field('city', 'x'.repeat(64 * 1024 + 1))),
          type: form.contentType,
          status: 413,
          error: 'A form field may be at most 64 KB.',
          fields: { city: ['A form field may be at most 64 KB.'] },
        },
        {
          name: 'a field named __proto__',
          body: form.body(form.field('__proto__', 'x')),
          type: form.contentType,
          status: 400,
          error: 'A form field may not be named after a built-in property such as __proto__.',
        },
        {
          name: 'a field declared as JSON',
          body: form.body(
            form.rawPart('Content-Disposition: form-data; name="city"\r\nContent-Type: application/json', '{"a":1}'),
          ),
          type: form.contentType,
          status: 400,
          error: 'This field takes text.',
          fields: { city: ['This field takes text.'] },
        },
      ];
    }

    it.each(fileRoutes.map((route) => [route.name, route] as const))(
      '%s answers every malformed body with a 4xx sentence and writes nothing',
      async (_name, route) => {
        const before = await snapshot();
        for (const sent of await cases(route)) {
          const reply = await route.client().raw<ErrorBody>(route.method, route.url(), sent.body, sent.type);
          expect(reply.status, sent.name).toBe(sent.status);
          expect(reply.body, sent.name).toEqual({ error: sent.error, ...(sent.fields ? { fields: sent.fields } : {}) });
        }
        expect(await snapshot()).toEqual(before);
      },
    );

    const postAndPatch: [method: 'POST' | 'PATCH', url: string, access: 'public' | 'signed-in', files: boolean][] = [
      ['POST', 'login/', 'public', false],
      ['POST', 'logout/', 'public', false],
      ['POST', 'token/refresh/', 'public', false],
      ['POST', 'register/customer/', 'public', false],
      ['POST', 'agent-signup/', 'public', false],
      ['POST', 'password_reset/', 'public', false],
      ['POST', 'password_reset/confirm/', 'public', false],
      ['POST', 'rentals/booking-requests/', 'public', false],
      ['POST', 'auth/password/', 'signed-in', false],
      ['POST', 'booking-requests/', 'signed-in', false],
      ['POST', 'booking-request/1/finalize/', 'signed-in', false],
      ['POST', 'bookings/', 'signed-in', false],
      ['PATCH', 'bookings/1/', 'signed-in', false],
      ['PATCH', 'staff-booking-requests/1/', 'signed-in', false],
      ['POST', 'staff-vehicles/', 'signed-in', true],
      ['PATCH', 'staff-vehicles/1/', 'signed-in', true],
      ['POST', 'customers/', 'signed-in', true],
      ['PATCH', 'customers/1/', 'signed-in', true],
      ['PATCH', 'customers/me/', 'signed-in', true],
    ];

    it('answers multipart declared but not sent (no boundary, body x) on every POST and PATCH with a 4xx', async () => {
      const before = await snapshot();
      for (const [method, url, access, files] of postAndPatch) {
        expect(t.app.hasRoute({ method, url: `/api/${url.replace('/1/', '/:id/').replace(/\/$/, '')}` }), url).toBe(
          true,
        );
        const anonymous = await clients.anonymous.raw<ErrorBody>(method, `/api/${url}`, 'x', 'multipart/form-data');
        expect(anonymous.status, `anonymous ${method} ${url}`).toBe(access === 'public' ? 415 : 401);
        expect(anonymous.body.error, url).toMatch(/\w+ \w+/);
        const staff = await clients.staff.raw<ErrorBody>(method, `/api/${url}`, 'x', 'multipart/form-data');
        expect([400, 403, 415], `staff ${method} ${url}`).toContain(staff.status);
        if (files && staff.status !== 403) expect(staff.body.error, url).toBe(MALFORMED);
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('JSON bodies', () => {
    const day = (n: number) => addDays(todayIso(), n);
    /** A customer's booking request (anonymous calls are few here: they may be rate-limited per address). */
    const bookingRequest = (offset: number, extra: Record<string, unknown> = {}) => ({
      vehicle_id: world.vehicles.a1,
      start_date: day(offset),
      end_date: day(offset + 1),
      pickup_time: '09:00',
      dropoff_time: '18:00',
      pickup_location_id: world.locations.a1,
      dropoff_location_id: world.locations.a1,
      ...extra,
    });

    it('refuses JSON nested 20,000 deep before anything walks it, with or without an Idempotency-Key', async () => {
      const calls: [TestClient, 'POST' | 'PATCH', string, string][] = [
        [clients.anonymous, 'POST', '/api/rentals/booking-requests/', nestedArray(20_000)],
        [clients.customer, 'POST', '/api/booking-requests/', nestedObject(20_000)],
        [clients.staff, 'POST', '/api/bookings/', `{"customer_id":${nestedArray(20_000)}}`],
        [clients.agency, 'PATCH', `/api/staff-vehicles/${world.vehicles.a1}/`, nestedObject(20_000)],
      ];
      for (const [client, method, url, body] of calls) {
        for (const headers of [{}, { 'idempotency-key': randomUUID() }] as Record<string, string>[]) {
          const reply = await client.raw<ErrorBody>(method, url, body, 'application/json', { headers });
          expect(reply.status, url).toBe(400);
          expect(reply.body, url).toEqual({ error: TOO_DEEP });
        }
      }
    });

    it('takes nesting up to the bound and refuses one level more', async () => {
      const key = randomUUID();
      const over = await clients.customer.raw<ErrorBody>(
        'POST',
        '/api/booking-requests/',
        JSON.stringify(bookingRequest(50, { extra: JSON.parse(nestedArray(32)) as unknown })),
        'application/json',
        { headers: { 'idempotency-key': key } },
      );
      expect(over.status).toBe(400);
      expect(over.body).toEqual({ error: TOO_DEEP });
      // Nothing was kept under the key: the same key with a body within the bound runs.
      const within = await clients.customer.post(
        '/api/booking-requests/',
        bookingRequest(50, { extra: JSON.parse(nestedArray(31)) as unknown }),
        { headers: { 'idempotency-key': key } },
      );
      expect(within.status).toBe(201);
    });

    it('keeps refusing prototype keys, however they are spelt', async () => {
      const bodies = [
        '{"__proto__": {"role": "staff"}, "vehicle_id": 1}',
        '{"vehicle_id": 1, "x": [{"\\u005f_proto__": {"admin": true}}]}',
        '{"constructor": {"prototype": {"admin": true}}}',
      ];
      for (const body of bodies) {
        const reply = await clients.customer.raw<ErrorBody>('POST', '/api/booking-requests/', body, 'application/json');
        expect(reply.status, body).toBe(400);
        expect(reply.body, body).toEqual({ error: POISONED });
      }
      const harmless = await clients.customer.post(
        '/api/booking-requests/',
        bookingRequest(60, { message: 'Is "__proto__" or constructor.prototype a problem?', constructor: 'x' }),
      );
      expect(harmless.status).toBe(201);
    });

    // PostgreSQL refuses U+0000 in text and in a query's values: without this, a 500 there.
    it('refuses U+0000 in JSON text or keys, in a form field and in the address, and writes nothing', async () => {
      const before = await snapshot();
      const jsonBodies = [
        JSON.stringify(bookingRequest(70, { message: 'a\u0000b' })),
        JSON.stringify(bookingRequest(70, { extra: [{ 'k\u0000': 1 }] })),
      ];
      for (const body of jsonBodies) {
        const reply = await clients.customer.raw<ErrorBody>('POST', '/api/booking-requests/', body, 'application/json');
        expect(reply.status, body).toBe(400);
        expect(reply.body, body).toEqual({ error: NUL_TEXT });
      }
      const login = await clients.anonymous.post<ErrorBody>('/api/login/', {
        username: 'a\u0000',
        password: 'x'.repeat(12),
      });
      expect(login.status).toBe(400);
      expect(login.body).toEqual({ error: NUL_TEXT });
      const form = await clients.staff.multipart<ErrorBody>('POST', '/api/customers/', { city: 'Leeds\u0000' });
      expect(form.status).toBe(400);
      expect(form.body).toEqual({ error: NUL_TEXT, fields: { city: [NUL_TEXT] } });
      for (const url of ['/api/customers/?search=a%00b', '/api/staff-vehicles/?search=%00', `/api/bookings/%00/`]) {
        const reply = await clients.staff.get<ErrorBody>(url);
        expect(reply.status, url).toBe(400);
        expect(reply.body, url).toEqual({ error: 'The address may not contain %00 (the character U+0000).' });
        expect(reply.headers['cache-control'], url).toBe('private, no-store');
      }
      expect(await snapshot()).toEqual(before);
      // The escape written out as text ("\\u0000", a backslash and five letters) is not the character.
      const harmless = await clients.customer.post(
        '/api/booking-requests/',
        bookingRequest(70, { message: 'C:\\u0000' }),
      );
      expect(harmless.status).toBe(201);
    });

    it('answers broken, empty and mistyped JSON with a sentence', async () => {
      const cases: [string, string, number, string][] = [
        ['{"vehicle_id": 1,', 'application/json', 400, NOT_JSON],
        ['   ', 'application/json', 400, 'The request body is empty.'],
        ['vehicle_id=1', 'application/x-www-form-urlencoded', 415, 'This call takes JSON (application/json).'],
        ['{"vehicle_id": 1}', 'text/plain', 415, 'This call takes JSON (application/json).'],
      ];
      for (const [body, type, status, error] of cases) {
        const reply = await clients.customer.raw<ErrorBody>('POST', '/api/booking-requests/', body, type);
        expect(reply.status, body).toBe(status);
        expect(reply.body, body).toEqual({ error });
      }
    });
  });
});

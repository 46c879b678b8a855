import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { FileSpec } from '../helpers/client.ts';
import type { World, WorldClients } from '../helpers/fixtures.ts';
import { jpeg, PDF_SECRETS, pdfFile, pdfWithExtras } from '../helpers/images.ts';
import { MEDIA_STORES, startMediaWorld, storedMedia, type StoredMedia } from '../helpers/media.ts';

const LICENSE_REFUSED = 'The license must be an image (JPG, PNG, etc.) or a PDF.';
const asPdf = (data: Buffer): FileSpec => ({ name: 'license.pdf', type: 'application/pdf', data });

/** PDFs pdf-lib cannot rebuild: refused, since their metadata and scripts could not be stripped. */
async function unreadablePdfs(): Promise<Record<string, Buffer>> {
  const encrypted = await PDFDocument.load(await pdfWithExtras());
  encrypted.context.trailerInfo.Encrypt = encrypted.context.register(
    encrypted.context.obj({ Filter: 'Standard', V: 2, R: 3 }),
  );
  return {
    'a signature and nothing else': Buffer.from('%PDF-1.7\nnot really a document\n%%EOF\n'),
    'a document without pages': Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    ),
    'an encrypted document': Buffer.from(await encrypted.save({ useObjectStreams: false })),
  };
}

const UNREADABLE = Object.entries(await unreadablePdfs());

describe.each(MEDIA_STORES)(`licenses on %s (${ENGINE})`, (store) => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  let stored: StoredMedia;

  beforeAll(async () => {
    ({ t, world, clients } = await startMediaWorld(store));
    stored = storedMedia(t);
  });
  afterAll(async () => t?.close());

  const licenseKey = async (customerId: number) =>
    (
      await t.app.deps.db
        .selectFrom('customers')
        .select('drivers_license_key')
        .where('id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).drivers_license_key;
  const uploadOwn = (file: FileSpec) =>
    clients.customer.multipart<ErrorBody>('PATCH', '/api/customers/me/', { drivers_license: file });

  it('keeps a PDF’s pages and drops its metadata, scripts and annotations', async () => {
    expect((await uploadOwn(await pdfFile())).status).toBe(200);
    const key = await licenseKey(world.customers.own);
    expect(key).toMatch(/^licenses\/[0-9a-f-]{36}\.pdf$/);
    const bytes = (await stored.read(key ?? '')) ?? Buffer.alloc(0);
    const text = bytes.toString('latin1');
    for (const secret of [...PDF_SECRETS, 'JavaScript', '/OpenAction', '/Metadata', '/Info', '/Annots']) {
      expect([secret, text.includes(secret)]).toEqual([secret, false]);
    }
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 420, height: 270 });
    // Checked before getAuthor(), which makes an empty Info dictionary when there is none.
    expect(pdf.context.trailerInfo.Info).toBeUndefined();
    expect(pdf.getAuthor()).toBeUndefined();
    expect(pdf.getTitle()).toBeUndefined();
    expect(pdf.catalog.keys().map((name) => name.asString())).toEqual(['/Type', '/Pages']);
    expect(pdf.getPage(0).node.get(PDFName.of('Annots'))).toBeUndefined();
    // Compressed streams aside, no object anywhere holds an action or metadata.
    for (const [, object] of pdf.context.enumerateIndirectObjects()) {
      if (object instanceof PDFDict) {
        expect(object.get(PDFName.of('S'))).toBeUndefined();
        expect(object.get(PDFName.of('Type'))?.toString()).not.toBe('/Metadata');
      }
    }
  });

  it('serves a license only through the checked call, as a sandboxed private attachment', async () => {
    expect((await uploadOwn(await pdfFile())).status).toBe(200);
    const key = (await licenseKey(world.customers.own)) ?? '';
    const url = `/api/customers/${world.customers.own}/drivers_license/`;
    for (const client of [clients.customer, clients.staff]) {
      const reply = await client.get(url);
      expect(reply.status).toBe(200);
      expect(reply.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="drivers-license-${world.customers.own}.pdf"`,
        'content-security-policy': 'sandbox',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
      expect(reply.raw.rawPayload.equals((await stored.read(key)) ?? Buffer.alloc(0))).toBe(true);
    }
    expect((await clients.customer2.get(url)).status).toBe(404);
    expect((await clients.anonymous.get(url)).status).toBe(401);
    expect((await clients.anonymous.get(`/media/${key}`)).status).toBe(404);
  });

  it('re-encodes an image license to WebP without its EXIF data', async () => {
    const photo = await jpeg(900, 600, { IFD0: { Copyright: 'secret-exif' } });
    expect((await uploadOwn({ name: 'license.jpg', type: 'image/jpeg', data: photo })).status).toBe(200);
    const key = (await licenseKey(world.customers.own)) ?? '';
    expect(key).toMatch(/^licenses\/[0-9a-f-]{36}\.webp$/);
    const meta = await sharp((await stored.read(key)) ?? Buffer.alloc(0)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 900, height: 600 });
    expect(meta.exif).toBeUndefined();
    const reply = await clients.customer.get(`/api/customers/${world.customers.own}/drivers_license/`);
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename="drivers-license-${world.customers.own}.webp"`,
    );
    expect(reply.headers['content-security-policy']).toBe('sandbox');
  });

  describe.each(UNREADABLE)('%s', (_name, data) => {
    it('is refused with 415; the license on file stays and nothing new is stored', async () => {
      expect((await uploadOwn(await pdfFile())).status).toBe(200);
      const kept = await licenseKey(world.customers.own);
      const before = await stored.keys();
      const reply = await uploadOwn(asPdf(data));
      expect(reply.status).toBe(415);
      expect(reply.body).toEqual({ error: LICENSE_REFUSED, fields: { drivers_license: [LICENSE_REFUSED] } });
      expect(await licenseKey(world.customers.own)).toBe(kept);
      expect(await stored.keys()).toEqual(before);
    });
  });

  it('removes the replaced license once the new one is on the record', async () => {
    expect((await uploadOwn(await pdfFile())).status).toBe(200);
    const first = (await licenseKey(world.customers.own)) ?? '';
    expect((await uploadOwn(await pdfFile())).status).toBe(200);
    const second = (await licenseKey(world.customers.own)) ?? '';
    expect(second).not.toBe(first);
    expect(await stored.read(first)).toBeNull();
    expect(await stored.read(second)).not.toBeNull();
    const removed = await clients.customer.multipart('PATCH', '/api/customers/me/', { delete_drivers_license: 'true' });
    expect(removed.status).toBe(200);
    expect(await stored.read(second)).toBeNull();
    expect((await stored.keys()).filter((key) => key.startsWith('licenses/'))).toEqual([]);
  });
});

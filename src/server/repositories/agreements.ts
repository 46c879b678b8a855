import type { Kysely } from 'kysely';
import type { AgreementFacts, AgreementSigner } from '#domain/agreement';
import { damageMarkSchema } from '#domain/schemas/inspection';
import * as v from 'valibot';
import type { AgreementPdfTable, AgreementSignatureTable, Database } from '../db/types.ts';
import { bookingQuoteView } from './stored-quotes.ts';
import { currentTerms } from './agency-terms.ts';
import { bookingTerms } from './booking-terms.ts';
import { parseSignedMoney } from '#domain/money';

const storedMarks = v.array(damageMarkSchema);
const signed = (amount: string) => parseSignedMoney(amount) ?? 0;

/** The facts a booking's agreement is assembled from, read as they are now; undefined when the booking is gone. */
export async function agreementFacts(
  db: Kysely<Database>,
  bookingId: number,
  currency: string,
): Promise<AgreementFacts | undefined> {
  const row = await db
    .selectFrom('bookings as b')
    .innerJoin('customers as c', 'c.id', 'b.customer_id')
    .innerJoin('vehicles as v', 'v.id', 'b.vehicle_id')
    .innerJoin('agencies as a', 'a.id', 'b.agency_id')
    .select([
      'b.id',
      'b.agency_id',
      'b.start_date',
      'b.end_date',
      'b.pickup_time',
      'b.dropoff_time',
      'b.pickup_location',
      'b.dropoff_location',
      'b.booking_amount',
      'b.booking_deposit',
      'b.rate_plan_version',
      'a.name as agency_name',
      'a.contact_email',
      'a.phone_number as agency_phone',
      'a.postal_address',
      'a.price_per_extra_km',
      'a.fuel_policy',
      'a.fuel_price_per_eighth',
      'a.late_grace_minutes',
      'a.hourly_basis_points',
      'b.quoted_mileage_allowance',
      'b.quoted_price_per_extra_km',
      'b.quoted_fuel_policy',
      'b.quoted_fuel_price_per_eighth',
      'b.quoted_late_grace_minutes',
      'b.quoted_hourly_basis_points',
      'c.title',
      'c.first_name',
      'c.last_name',
      'c.street_address',
      'c.address_line2',
      'c.city',
      'c.country',
      'c.license_number',
      'c.license_expiry',
      'c.drivers_license_key',
      'v.make',
      'v.model',
      'v.registration_number',
      'v.mileage_allowance',
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [quote, inspection, terms] = await Promise.all([
    bookingQuoteView(db, row.id, row.rate_plan_version),
    db
      .selectFrom('booking_inspections as i')
      .select([
        'i.mileage',
        'i.fuel_eighths',
        'i.damage_marks',
        (eb) =>
          eb
            .selectFrom('inspection_photos as p')
            .select((inner) => inner.fn.countAll().as('n'))
            .whereRef('p.inspection_id', '=', 'i.id')
            .as('photos'),
      ])
      .where('i.booking_id', '=', bookingId)
      .where('i.kind', '=', 'pickup')
      .executeTakeFirst(),
    currentTerms(db, row.agency_id),
  ]);
  const marks = inspection ? v.safeParse(storedMarks, JSON.parse(inspection.damage_marks)) : undefined;
  // The terms the booking was quoted with (a booking from before they were kept: the current ones).
  const held = bookingTerms(row, row);
  return {
    booking: {
      id: row.id,
      startDate: row.start_date,
      endDate: row.end_date,
      pickupTime: row.pickup_time,
      dropoffTime: row.dropoff_time,
      pickupLocation: row.pickup_location,
      dropoffLocation: row.dropoff_location,
      amount: row.booking_amount,
      deposit: row.booking_deposit,
    },
    agency: {
      name: row.agency_name,
      email: row.contact_email,
      phone: row.agency_phone,
      postalAddress: row.postal_address,
    },
    customer: {
      title: row.title,
      firstName: row.first_name,
      lastName: row.last_name,
      addressLines: [row.street_address, row.address_line2, row.city, row.country],
      licenseNumber: row.license_number,
      licenseExpiry: row.license_expiry,
      licenseOnFile: row.drivers_license_key !== null,
    },
    vehicle: {
      make: row.make,
      model: row.model,
      registration: row.registration_number,
      mileageAllowanceKmPerDay: held.mileage_allowance,
    },
    currency,
    quote: quote && {
      lines: quote.lines.map((line) => ({
        kind: line.kind,
        label: line.label,
        quantity: line.quantity,
        unitAmount: signed(line.unit_amount),
        amount: signed(line.amount),
      })),
      total: signed(quote.total),
    },
    terms: {
      pricePerExtraKm: held.price_per_extra_km,
      fuelPolicy: held.fuel_policy,
      fuelPricePerEighth: held.fuel_price_per_eighth,
    },
    pickupInspection: inspection
      ? {
          mileage: inspection.mileage,
          fuelEighths: inspection.fuel_eighths,
          damageMarks: marks?.success ? marks.output : [],
          photos: Number(inspection.photos ?? 0),
        }
      : null,
    rentalTerms: terms ? { version: terms.version, text: terms.text } : null,
  };
}

export type SignatureRow = Pick<
  AgreementSignatureTable,
  'signer' | 'content' | 'content_hash' | 'terms_version' | 'image_key' | 'typed_name' | 'signed_at' | 'received_at'
> & { id: number; recorded_by: string | null };

/** A booking's signatures, the customer's first. */
export async function listSignatures(db: Kysely<Database>, bookingId: number): Promise<SignatureRow[]> {
  const rows = await db
    .selectFrom('agreement_signatures as s')
    .leftJoin('users as u', 'u.id', 's.signed_by')
    .select([
      's.id',
      's.signer',
      's.content',
      's.content_hash',
      's.terms_version',
      's.image_key',
      's.typed_name',
      's.signed_at',
      's.received_at',
      'u.first_name',
      'u.last_name',
      'u.username',
    ])
    .where('s.booking_id', '=', bookingId)
    .orderBy('s.id')
    .execute();
  return rows
    .map(({ first_name, last_name, username, ...row }) => ({
      ...row,
      recorded_by: [first_name, last_name].filter(Boolean).join(' ').trim() || username,
    }))
    .sort((a, b) => (a.signer === b.signer ? 0 : a.signer === 'customer' ? -1 : 1));
}

export interface NewSignature {
  bookingId: number;
  agencyId: number;
  signer: AgreementSigner;
  content: string;
  contentHash: string;
  termsVersion: number | null;
  imageKey: string | null;
  typedName: string | null;
  signedBy: number;
  signedAt: string;
  receivedAt: string;
}

export async function insertSignature(db: Kysely<Database>, values: NewSignature): Promise<void> {
  await db
    .insertInto('agreement_signatures')
    .values({
      booking_id: values.bookingId,
      agency_id: values.agencyId,
      signer: values.signer,
      content: values.content,
      content_hash: values.contentHash,
      terms_version: values.termsVersion,
      image_key: values.imageKey,
      typed_name: values.typedName,
      signed_by: values.signedBy,
      signed_at: values.signedAt,
      received_at: values.receivedAt,
    })
    .execute();
}

/** Removes a signature (a customer's over content that changed since, replaced by a new one); its image key. */
export async function deleteSignature(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('agreement_signatures').where('id', '=', id).execute();
}

export type AgreementPdfRow = AgreementPdfTable;

export async function findAgreementPdf(db: Kysely<Database>, bookingId: number): Promise<AgreementPdfRow | undefined> {
  return db.selectFrom('agreement_pdfs').selectAll().where('booking_id', '=', bookingId).executeTakeFirst();
}

export async function findAgreementPdfByFile(
  db: Kysely<Database>,
  fileSha256: string,
): Promise<AgreementPdfRow | undefined> {
  return db.selectFrom('agreement_pdfs').selectAll().where('file_sha256', '=', fileSha256).executeTakeFirst();
}

export async function insertAgreementPdf(db: Kysely<Database>, values: AgreementPdfRow): Promise<void> {
  await db.insertInto('agreement_pdfs').values(values).execute();
}

/** Marks the PDF as mailed to the customer; false when it already was (it is mailed once). */
export async function markAgreementMailed(db: Kysely<Database>, bookingId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('agreement_pdfs')
    .set({ mailed_at: now })
    .where('booking_id', '=', bookingId)
    .where('mailed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The reason staff gave for picking a booking up without a signed agreement. */
export async function setNoAgreementReason(db: Kysely<Database>, bookingId: number, reason: string): Promise<void> {
  await db.updateTable('bookings').set({ no_agreement_reason: reason }).where('id', '=', bookingId).execute();
}

/** How a signed-in person is named on the agreement ("Alex Agent", else the login). */
export async function personName(db: Kysely<Database>, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'username'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? [row.first_name, row.last_name].filter(Boolean).join(' ').trim() || row.username : null;
}

/** Where the booking's customer is mailed. */
export async function bookingCustomerContact(
  db: Kysely<Database>,
  bookingId: number,
): Promise<{ email: string; first_name: string } | undefined> {
  return db
    .selectFrom('bookings as b')
    .innerJoin('customers as c', 'c.id', 'b.customer_id')
    .select(['c.email', 'c.first_name'])
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
}

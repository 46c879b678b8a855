import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/** What the mails about a new request say, read in one query after the request is committed. */
export interface RequestMailFacts {
  id: number;
  fromVisitor: boolean;
  vehicle: { make: string; model: string; registration_number: string };
  start_date: string;
  end_date: string;
  pickup_time: string;
  dropoff_time: string;
  pickup_location: string | null;
  dropoff_location: string | null;
  message: string | null;
  /** The customer record's details for a customer's request, the typed ones for a visitor's. */
  person: { first_name: string; last_name: string; phone_number: string; email: string };
  agency: {
    name: string;
    phone_number: string;
    /** The agency e-mail of its Settings, or its owner's login e-mail when that is empty; null when neither. */
    mailbox: string | null;
  };
}

export async function findRequestMailFacts(
  db: Kysely<Database>,
  requestId: number,
): Promise<RequestMailFacts | undefined> {
  const row = await db
    .selectFrom('booking_requests as r')
    .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
    .innerJoin('agencies as a', 'a.id', 'r.agency_id')
    .leftJoin('customers as c', 'c.id', 'r.customer_id')
    .leftJoin('locations as pl', 'pl.id', 'r.pickup_location_id')
    .leftJoin('locations as dl', 'dl.id', 'r.dropoff_location_id')
    .select((eb) => [
      'r.id',
      'r.customer_id',
      'r.first_name',
      'r.last_name',
      'r.phone_number',
      'r.email',
      'r.start_date',
      'r.end_date',
      'r.pickup_time',
      'r.dropoff_time',
      'r.message',
      'v.make',
      'v.model',
      'v.registration_number',
      'pl.name as pickup_location',
      'dl.name as dropoff_location',
      'c.first_name as customer_first_name',
      'c.last_name as customer_last_name',
      'c.phone_number as customer_phone_number',
      'c.email as customer_email',
      'a.name as agency_name',
      'a.phone_number as agency_phone_number',
      'a.contact_email as agency_email',
      eb
        .selectFrom('users as u')
        .select('u.email')
        .whereRef('u.agency_id', '=', 'a.id')
        .where('u.role', '=', 'agency')
        .orderBy('u.id')
        .limit(1)
        .as('owner_email'),
    ])
    .where('r.id', '=', requestId)
    .executeTakeFirst();
  if (!row) return undefined;
  const fromRecord = row.customer_id !== null && row.customer_first_name !== null;
  return {
    id: row.id,
    fromVisitor: row.customer_id === null,
    vehicle: { make: row.make, model: row.model, registration_number: row.registration_number },
    start_date: row.start_date,
    end_date: row.end_date,
    pickup_time: row.pickup_time,
    dropoff_time: row.dropoff_time,
    pickup_location: row.pickup_location,
    dropoff_location: row.dropoff_location,
    message: row.message,
    person: {
      first_name: (fromRecord ? row.customer_first_name : row.first_name) ?? '',
      last_name: (fromRecord ? row.customer_last_name : row.last_name) ?? '',
      phone_number: (fromRecord ? row.customer_phone_number : row.phone_number) ?? '',
      email: (fromRecord ? row.customer_email : row.email) ?? '',
    },
    agency: {
      name: row.agency_name,
      phone_number: row.agency_phone_number,
      mailbox: row.agency_email.trim() || row.owner_email || null,
    },
  };
}

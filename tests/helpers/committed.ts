import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { TestApp } from './app.ts';

type Table = 'vehicles' | 'vehicle_images' | 'customers' | 'booking_requests' | 'bookings';

/**
 * Reads the database through a connection of its own, so it sees only what is committed: a
 * check made while the server is still inside its transaction sees the rows as they were.
 */
export interface CommittedReader {
  has(table: Table, id: number): Promise<boolean>;
  /** A customer's license key as committed. */
  licenseKey(customerId: number): Promise<string | null>;
  close(): Promise<void>;
}

export async function committedReader(t: TestApp): Promise<CommittedReader> {
  const url = t.config.databaseUrl;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const one = async (query: string, id: number) => (await client.query(query, [id])).rows[0] as unknown;
    return {
      async has(table, id) {
        return (await one(`select 1 from ${table} where id = $1`, id)) !== undefined;
      },
      async licenseKey(customerId) {
        const row = (await one('select drivers_license_key as key from customers where id = $1', customerId)) as
          { key: string | null } | undefined;
        return row?.key ?? null;
      },
      async close() {
        await client.end();
      },
    };
  }
  const sqlite = new Database(path.join(t.config.dataDir, 'fleet.sqlite'), { readonly: true });
  return {
    async has(table, id) {
      return sqlite.prepare(`select 1 from ${table} where id = ?`).get(id) !== undefined;
    },
    async licenseKey(customerId) {
      const row = sqlite.prepare('select drivers_license_key as key from customers where id = ?').get(customerId) as
        { key: string | null } | undefined;
      return row?.key ?? null;
    },
    async close() {
      sqlite.close();
    },
  };
}

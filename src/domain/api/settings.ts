/** The public calls the app makes before anyone signs in. */

/** GET settings/: the currency prices are shown in (the server's CURRENCY). */
export interface Settings {
  currency: string;
}

/** GET health/: 200 with `ok` while the database answers, else 503 with `unavailable`. */
export type HealthReply = { status: 'ok'; database: 'sqlite' | 'postgres' } | { status: 'unavailable'; error: string };

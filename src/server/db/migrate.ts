import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { initial } from './migrations/001-initial.ts';
import { sharedState } from './migrations/002-shared-state.ts';
import { listCounts } from './migrations/003-list-counts.ts';
import { unavailability } from './migrations/005-unavailability.ts';
import { userDisabled } from './migrations/007-user-disabled.ts';
import { locationAddress } from './migrations/008-location-address.ts';
import { bookingProgress } from './migrations/009-booking-progress.ts';
import { maintenance } from './migrations/010-maintenance.ts';
import { payments } from './migrations/011-payments.ts';
import { invoices } from './migrations/012-invoices.ts';
import { inspections } from './migrations/013-inspections.ts';
import { bookingHistory } from './migrations/014-booking-history.ts';
import { requestHolds } from './migrations/015-request-holds.ts';
import { emailConfirmations } from './migrations/016-email-confirmations.ts';
import { vehicleRetired } from './migrations/017-vehicle-retired.ts';
import { agencyInvoiceDetails } from './migrations/018-agency-invoice-details.ts';
import { idempotencyOwners } from './migrations/019-idempotency-owners.ts';
import { ratePlans } from './migrations/020-rate-plans.ts';
import { quotes } from './migrations/022-quotes.ts';
import { bookingLocationIds } from './migrations/023-booking-location-ids.ts';
import { agreements } from './migrations/024-agreements.ts';
import { returnCharges } from './migrations/025-return-charges.ts';
import { returnChargeDisputes } from './migrations/026-return-charge-disputes.ts';
import { licenseNumberAndQuotedTerms } from './migrations/027-license-number-and-quoted-terms.ts';
import { vehicleLabelCodes } from './migrations/028-vehicle-label-codes.ts';
import type { Database } from './types.ts';
import type { DialectName } from './connect.ts';

/** Migrations live in code (not read from a folder) so the compiled server carries them. */
export function migrationProvider(dialect: DialectName): MigrationProvider {
  return {
    getMigrations: async (): Promise<Record<string, Migration>> => ({
      '001-initial': initial(dialect),
      '002-shared-state': sharedState(),
      '003-list-counts': listCounts(dialect),
      '005-unavailability': unavailability(dialect),
      '007-user-disabled': userDisabled(),
      '008-location-address': locationAddress(),
      '009-booking-progress': bookingProgress(),
      '010-maintenance': maintenance(dialect),
      '011-payments': payments(dialect),
      '012-invoices': invoices(dialect),
      '013-inspections': inspections(dialect),
      '014-booking-history': bookingHistory(),
      '015-request-holds': requestHolds(),
      '016-email-confirmations': emailConfirmations(dialect),
      '017-vehicle-retired': vehicleRetired(),
      '018-agency-invoice-details': agencyInvoiceDetails(),
      '019-idempotency-owners': idempotencyOwners(),
      '020-rate-plans': ratePlans(dialect),
      '022-quotes': quotes(dialect),
      '023-booking-location-ids': bookingLocationIds(),
      '024-agreements': agreements(dialect),
      '025-return-charges': returnCharges(dialect),
      '026-return-charge-disputes': returnChargeDisputes(dialect),
      '027-license-number-and-quoted-terms': licenseNumberAndQuotedTerms(),
      '028-vehicle-label-codes': vehicleLabelCodes(dialect),
    }),
  };
}

export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`Database migration failed: ${reason}`);
  }
}

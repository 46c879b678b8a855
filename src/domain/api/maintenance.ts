/** The shapes GET/POST/PATCH maintenance/ send: the server writes them and the app reads them. */
import type { MaintenanceType } from '../service-due.ts';

export interface MaintenanceRecord {
  id: number;
  vehicle: number;
  agency_id: number;
  type: MaintenanceType;
  /** The day the work was done (YYYY-MM-DD). */
  service_date: string;
  /** The odometer on that day. */
  mileage: number;
  /** Decimal string, e.g. "180.00". */
  cost: string;
  garage: string | null;
  notes: string | null;
  /** The vehicle as it is now: a service moves its next service date and mileage. */
  vehicle_details: {
    id: number;
    make: string;
    model: string;
    registration_number: string;
    mileage: number;
    next_service_date: string;
  };
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** GET maintenance/totals/: what the filtered records add up to, all pages together. */
export interface MaintenanceTotals {
  count: number;
  /** Decimal string. */
  cost: string;
  by_type: { type: MaintenanceType; count: number; cost: string }[];
}

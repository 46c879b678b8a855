/** An agency as GET agencies/ lists it (the operator's choice of agency for a vehicle). */
import type { AgencyStatus } from '../constants.ts';

export interface AgencySummary {
  id: number;
  name: string;
  status: AgencyStatus;
}

/** An agency's profile: GET agency/ (its own users) and GET suppliers/ (the operator). */
export interface AgencyProfile extends AgencySummary {
  contact_email: string;
  phone_number: string;
  /** URL of the logo under /media/, or null. */
  logo: string | null;
  vehicle_count: number;
  /** Months from a service to the next. */
  service_interval_months: number;
  /** Tax on its invoices, a percentage such as "20.00". */
  tax_rate: string;
  /** Printed on its invoices: lines separated by newlines, '' when not given. */
  postal_address: string;
  /** Printed on its invoices, '' when not given. */
  vat_number: string;
  /** Hours an accepted booking request holds the vehicle for its customer to confirm. */
  hold_hours: number;
}

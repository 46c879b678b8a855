/**
 * Table types for Kysely. Both engines store the same shapes: ids are integers, money is an
 * integer in minor units, dates and times are text (YYYY-MM-DD, HH:MM), timestamps are ISO 8601
 * UTC text and booleans are 0/1 integers, so one set of queries serves SQLite and PostgreSQL.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  AgencyStatus,
  BookingStatus,
  Ownership,
  PaymentMethod,
  RequestStatus,
  Role,
  UnavailabilityKind,
} from '#domain/constants';
import type { MaintenanceType } from '#domain/service-due';
import type { InspectionKind } from '#domain/schemas/inspection';
import type { PaymentKind, PaymentStatus } from '#domain/payment-kinds';
import type { InvoiceStatus } from '#domain/api/invoices';
import type { FuelPolicy, QuoteLineKind } from '#domain/rate-plan';
import type { AgreementSigner } from '#domain/agreement';
import type { ReturnChargeKind, ReturnChargeStatus } from '#domain/return-charges';
import type { DisputeStatus } from '#domain/schemas/return-charge-dispute';

export interface AgencyTable {
  id: Generated<number>;
  name: string;
  status: AgencyStatus;
  logo_key: string | null;
  contact_email: string;
  phone_number: string;
  created_at: string;
  /** Months from a service to the next (migration 010). */
  service_interval_months: ColumnType<number, number | undefined, number>;
  /** Tax on invoices in basis points, 2000 = 20 % (migration 012). */
  tax_rate: ColumnType<number, number | undefined, number>;
  /** Printed on its invoices, lines separated by newlines; '' until given (migration 018). */
  postal_address: ColumnType<string, string | undefined, string>;
  /** Printed on its invoices; '' until given (migration 018). */
  vat_number: ColumnType<string, string | undefined, string>;
  /** Hours an accepted request holds the vehicle (migration 015). */
  hold_hours: ColumnType<number, number | undefined, number>;
  /** The rate plan's settings (migration 020); money in minor units, shares in basis points. */
  /** Bumped by every change to the rate plan; a quote names it. */
  rate_plan_version: ColumnType<number, number | undefined, number>;
  /** 1 when the prices the agency enters include tax. */
  prices_include_tax: ColumnType<number, number | undefined, number>;
  /** One hour's share of the day rate; 0: a short rental is a day. */
  hourly_basis_points: ColumnType<number, number | undefined, number>;
  one_way_flat_fee: ColumnType<number | null, number | null | undefined, number | null>;
  young_driver_under_age: ColumnType<number | null, number | null | undefined, number | null>;
  young_driver_charge: ColumnType<ChargeBasis, ChargeBasis | undefined, ChargeBasis>;
  young_driver_amount: ColumnType<number, number | undefined, number>;
  /** "HH:MM"; both null: no out-of-hours fee. */
  out_of_hours_opens: ColumnType<string | null, string | null | undefined, string | null>;
  out_of_hours_closes: ColumnType<string | null, string | null | undefined, string | null>;
  out_of_hours_amount: ColumnType<number, number | undefined, number>;
  price_per_extra_km: ColumnType<number, number | undefined, number>;
  fuel_policy: ColumnType<FuelPolicy, FuelPolicy | undefined, FuelPolicy>;
  fuel_price_per_eighth: ColumnType<number, number | undefined, number>;
  /** Minutes after the due time a return is still on time (migration 025). */
  late_grace_minutes: ColumnType<number, number | undefined, number>;
}

/** Per day or once per rental (extras, the young-driver fee). */
export type ChargeBasis = 'per_day' | 'per_rental';
/** A season's or a tier's change to the day rate: its own rate (`day_rate`) or a share (`basis_points`). */
export type AdjustmentKind = 'day_rate' | 'percent';

export interface VehicleCategoryTable {
  id: Generated<number>;
  agency_id: number;
  name: string;
  base_day_rate: number | null;
  created_at: string;
}

export interface SeasonTable {
  id: Generated<number>;
  agency_id: number;
  name: string;
  start_date: string;
  end_date: string;
  adjustment_kind: AdjustmentKind;
  day_rate: number | null;
  basis_points: number | null;
  created_at: string;
}

/** A season limited to some categories; a season with no row here applies to every vehicle. */
export interface SeasonCategoryTable {
  season_id: number;
  category_id: number;
}

export interface LengthTierTable {
  id: Generated<number>;
  agency_id: number;
  name: string;
  min_days: number;
  adjustment_kind: AdjustmentKind;
  day_rate: number | null;
  basis_points: number | null;
  created_at: string;
}

export interface ExtraTable {
  id: Generated<number>;
  agency_id: number;
  name: string;
  charge: ChargeBasis;
  price: number;
  cap_per_rental: number | null;
  max_quantity: number;
  /** 1: counted per pickup location (extra_stock); 0: unlimited. */
  stock_limited: ColumnType<number, number | undefined, number>;
  /** No longer offered; kept for the bookings that took it. */
  retired_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

export interface ExtraStockTable {
  extra_id: number;
  location_id: number;
  quantity: number;
}

/** A stored quote line (migration 022): what a booking or a request was priced with. */
interface QuoteLineColumns {
  id: Generated<number>;
  position: number;
  kind: QuoteLineKind;
  code: string;
  label: string;
  quantity: number;
  unit_amount: number;
  amount: number;
  /** Set when staff overrode the line: the amount the quote gave, and why it was changed. */
  quoted_amount: ColumnType<number | null, number | null | undefined, number | null>;
  override_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BookingQuoteLineTable extends QuoteLineColumns {
  booking_id: number;
}

export interface RequestQuoteLineTable extends QuoteLineColumns {
  booking_request_id: number;
}

/** The extras a booking took; a stock-limited one counts against its pickup location's stock. */
export interface BookingExtraTable {
  booking_id: number;
  extra_id: number;
  location_id: number | null;
  quantity: number;
}

export interface RequestExtraTable {
  booking_request_id: number;
  extra_id: number;
  location_id: number | null;
  quantity: number;
}

export interface OneWayFeeTable {
  id: Generated<number>;
  agency_id: number;
  from_location_id: number;
  to_location_id: number;
  amount: number;
}

export interface UserTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  role: Role;
  first_name: string;
  last_name: string;
  phone_number: string;
  agency_id: number | null;
  created_at: string;
  /** Set while the login is turned off by its agency (migration 007-user-disabled). */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The address the user last confirmed by an e-mailed link (migration 016); confirmed while it equals `email`. */
  confirmed_email: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RefreshTokenTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  family_id: string;
  expires_at: string;
  /** Set when the token was exchanged for a new one; presenting it again is reuse. */
  used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface PasswordResetTokenTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A link that confirms `email` as the user's address (migration 016); single-use, only its hash kept. */
export interface EmailConfirmationTokenTable {
  id: Generated<number>;
  user_id: number;
  email: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface LocationTable {
  id: Generated<number>;
  agency_id: number;
  name: string;
  city: string;
  /** Street address (migration 008); empty for locations made before it. */
  address: ColumnType<string, string | undefined, string>;
}

export interface VehicleTable {
  id: Generated<number>;
  agency_id: number;
  make: string;
  model: string;
  color: string;
  manufacture_year: number;
  mileage: number;
  mileage_allowance: number;
  ownership: Ownership;
  price_per_day: number;
  deposit: number;
  registration_number: string;
  next_service_date: string;
  /** When the vehicle was retired (kept for its history, out of the public list and pickers), or null. */
  retired_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The agency's category (migration 020), or null. */
  category_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The code on its QR label, opening `/v/{code}` (migration 028); drawn by the database. */
  label_code: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface VehicleImageTable {
  id: Generated<number>;
  vehicle_id: number;
  position: number;
  /** Storage key of the image; its widths are derived from it (see services/images). */
  file_key: string;
  created_at: string;
}

export interface VehicleLocationTable {
  vehicle_id: number;
  location_id: number;
}

export interface CustomerTable {
  id: Generated<number>;
  /** The customer's own login, when they registered themselves. */
  user_id: number | null;
  /** The agency whose staff created the record; null for self-registered or operator-made. */
  agency_id: number | null;
  title: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  national_id: string | null;
  street_address: string | null;
  address_line2: string | null;
  city: string | null;
  country: string | null;
  drivers_license_key: string | null;
  drivers_license_type: string | null;
  next_of_kin1_first_name: string | null;
  next_of_kin1_last_name: string | null;
  next_of_kin1_id_number: string | null;
  next_of_kin1_phone: string | null;
  next_of_kin2_first_name: string | null;
  next_of_kin2_last_name: string | null;
  next_of_kin2_id_number: string | null;
  next_of_kin2_phone: string | null;
  /** ISO day (migration 020): the young-driver fee and the licence checks read them. */
  date_of_birth: ColumnType<string | null, string | null | undefined, string | null>;
  license_expiry: ColumnType<string | null, string | null | undefined, string | null>;
  /** The driver's license number (migration 027); the agreement names it. */
  license_number: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export interface BookingTable {
  id: Generated<number>;
  customer_id: number;
  vehicle_id: number;
  /** The vehicle's agency when the booking was made, so scoping needs no join. */
  agency_id: number;
  booking_request_id: number | null;
  start_date: string;
  end_date: string;
  pickup_time: string;
  dropoff_time: string;
  pickup_location: string | null;
  dropoff_location: string | null;
  booking_amount: number;
  booking_deposit: number;
  payment_method: PaymentMethod;
  booking_status: BookingStatus;
  estimated_mileage: number | null;
  discount_amount: number;
  discount_description: string | null;
  notes: string | null;
  created_by: number | null;
  created_at: string;
  /** The odometer when the vehicle came back (migration 009). */
  return_mileage: ColumnType<number | null, number | null | undefined, number | null>;
  /** Why staff cancelled it (migration 009). */
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The rate plan's version its quote was made with (migration 022); null before quotes. */
  rate_plan_version: ColumnType<number | null, number | null | undefined, number | null>;
  /** The driver's age on the first day, as priced (the young-driver fee); null when not asked. */
  driver_age: ColumnType<number | null, number | null | undefined, number | null>;
  /** The vehicle's locations it was priced for (migration 023); null when not chosen or before quotes. */
  pickup_location_id: ColumnType<number | null, number | null | undefined, number | null>;
  dropoff_location_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Why staff picked it up without a signed agreement (migration 024), or null. */
  no_agreement_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The terms its quote was made with (migration 027): the vehicle's km a day, the agency's price
   * per extra km, fuel policy and price per eighth, grace period and hourly share. Null on rows
   * quoted before them: those fall back to the current terms.
   */
  quoted_mileage_allowance: ColumnType<number | null, number | null | undefined, number | null>;
  quoted_price_per_extra_km: ColumnType<number | null, number | null | undefined, number | null>;
  quoted_fuel_policy: ColumnType<FuelPolicy | null, FuelPolicy | null | undefined, FuelPolicy | null>;
  quoted_fuel_price_per_eighth: ColumnType<number | null, number | null | undefined, number | null>;
  quoted_late_grace_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  quoted_hourly_basis_points: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface BookingRequestTable {
  id: Generated<number>;
  /** Null for a visitor's anonymous request; its contact fields are then set. */
  customer_id: number | null;
  vehicle_id: number;
  agency_id: number;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  email: string | null;
  start_date: string;
  end_date: string;
  pickup_time: string;
  dropoff_time: string;
  pickup_location_id: number | null;
  dropoff_location_id: number | null;
  message: string | null;
  status: RequestStatus;
  staff_notes: string | null;
  is_reviewed: number;
  reviewed_by: number | null;
  reviewed_at: string | null;
  created_at: string;
  /** When an accepted request's hold on the vehicle ends (migration 015); null otherwise. */
  hold_until: ColumnType<string | null, string | null | undefined, string | null>;
  /** The rate plan's version its quote was made with (migration 022); null before quotes. */
  rate_plan_version: ColumnType<number | null, number | null | undefined, number | null>;
  /** The driver's age on the first day, as priced (the young-driver fee); null when not asked. */
  driver_age: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * The terms its quote was made with (migration 027): the vehicle's km a day, the agency's price
   * per extra km, fuel policy and price per eighth, grace period and hourly share. Null on rows
   * quoted before them: those fall back to the current terms.
   */
  quoted_mileage_allowance: ColumnType<number | null, number | null | undefined, number | null>;
  quoted_price_per_extra_km: ColumnType<number | null, number | null | undefined, number | null>;
  quoted_fuel_policy: ColumnType<FuelPolicy | null, FuelPolicy | null | undefined, FuelPolicy | null>;
  quoted_fuel_price_per_eighth: ColumnType<number | null, number | null | undefined, number | null>;
  quoted_late_grace_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  quoted_hourly_basis_points: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface IdempotencyKeyTable {
  scope: string;
  key: string;
  request_hash: string;
  /** running until the first request finishes, then done with its stored reply. */
  state: 'running' | 'done';
  status_code: number | null;
  response_body: string | null;
  content_type: string | null;
  created_at: string;
  /** The boot id of the server process running it (null: claimed before owners were recorded). */
  owner: string | null;
}

/** A running server process: its heartbeat says it is alive (idempotency claims it holds are live). */
export interface ServerProcessTable {
  boot_id: string;
  started_at: string;
  heartbeat_at: string;
}

/** A counter bumped in the same transaction as every write that changes what it names. */
export interface DataVersionTable {
  /** What changed, e.g. "public-vehicles". */
  name: string;
  version: number;
}

/** Attempts counted in a fixed window that ends at expires_at (sign-in failures, anonymous writes). */
export interface RateCounterTable {
  /** The rule and a digest of whom it counts (address, account, e-mail), never the raw values. */
  key: string;
  hits: number;
  expires_at: string;
}

/**
 * An exact list total kept by triggers (migration 003, decision 023): `list` names what is
 * counted, `owner_id` whose (an agency or a customer; 0 for a list with one total), `status`
 * the status counted, or '' when the list is not counted per status.
 */
export interface ListCountTable {
  list: string;
  owner_id: number;
  status: string;
  total: number;
}

/** How often what a list shows changed, per owner (an agency): a rendered page is current while this is. */
export interface ListVersionTable {
  list: string;
  owner_id: number;
  version: number;
}

/** Why a customer is in an agency's list: how many records (its own, bookings, requests) link them. */
export interface AgencyCustomerTable {
  agency_id: number;
  customer_id: number;
  links: number;
}

/** A period a vehicle cannot be rented; dates inclusive, like a booking's. */
export interface VehicleUnavailabilityTable {
  id: Generated<number>;
  vehicle_id: number;
  agency_id: number;
  kind: UnavailabilityKind;
  start_date: string;
  end_date: string;
  reason: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** Work done on a vehicle; cost in minor units (migration 010). */
export interface MaintenanceRecordTable {
  id: Generated<number>;
  vehicle_id: number;
  agency_id: number;
  type: MaintenanceType;
  service_date: string;
  mileage: number;
  cost: number;
  garage: string | null;
  notes: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** An invoice of a booking (migration 012): numbered per agency when issued (decision 031). */
export interface InvoiceTable {
  id: Generated<number>;
  agency_id: number;
  booking_id: number;
  /** Null while a draft. */
  number: number | null;
  status: InvoiceStatus;
  issue_date: string | null;
  paid_date: string | null;
  /** Basis points; the agency's rate, fixed when issued. */
  tax_rate: number;
  subtotal: number;
  tax: number;
  total: number;
  notes: string | null;
  /** The void invoice this one replaces. */
  replaces_invoice_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** Money taken or given back for a booking (migration 011); `amount` in minor units. */
export interface PaymentTable {
  id: Generated<number>;
  agency_id: number;
  booking_id: number;
  kind: PaymentKind;
  status: PaymentStatus;
  amount: number;
  method: PaymentMethod;
  /** The day the money moved; for a deposit still due, the day it fell due. */
  paid_on: string;
  reference: string | null;
  recorded_by: number | null;
  created_at: string;
  updated_at: string;
}

/** What staff saw at the car when a booking was picked up or returned (migration 013). */
export interface BookingInspectionTable {
  id: Generated<number>;
  booking_id: number;
  agency_id: number;
  kind: InspectionKind;
  mileage: number;
  /** Fuel gauge in eighths: 0 empty … 8 full. */
  fuel_eighths: number;
  /** JSON list of { x, y, note }, x and y from 0 to 1 on the car's outline. */
  damage_marks: string;
  notes: string | null;
  recorded_by: number | null;
  created_at: string;
  /** The recording device's own clock, "YYYY-MM-DDTHH:MM" (migration 025); null when it sent none. */
  device_time: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A photo of an inspection, in the private media store (migration 013). */
export interface InspectionPhotoTable {
  id: Generated<number>;
  inspection_id: number;
  object_key: string;
  width: number;
  height: number;
  created_at: string;
}

/** A line of an invoice (migration 012). */
export interface InvoiceLineTable {
  id: Generated<number>;
  invoice_id: number;
  position: number;
  description: string;
  quantity: number;
  /** Minor units; negative for a discount. */
  unit_amount: number;
  amount: number;
}

/** A charge staff decided at a return (migration 025): confirmed, waived with a reason, or a damage dismissed. */
export interface ReturnChargeTable {
  id: Generated<number>;
  booking_id: number;
  agency_id: number;
  /** 'mileage', 'fuel', 'late', 'damage:<mark index>', or 'cleaning:<n>' / 'other:<n>' for added ones. */
  code: string;
  kind: ReturnChargeKind;
  status: ReturnChargeStatus;
  label: string;
  working: string;
  quantity: number;
  unit_amount: number;
  /** quantity × unit_amount; 0 when waived or dismissed. */
  amount: number;
  /** What the return proposed; null for a damage or an added charge. */
  proposed_amount: number | null;
  /** Why it was waived, dismissed, or set to another amount than proposed. */
  reason: string | null;
  note: string | null;
  decided_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A finalized return (migration 025): its final invoice and how the deposit settled it. */
export interface ReturnSettlementTable {
  booking_id: number;
  agency_id: number;
  invoice_id: number;
  charges: number;
  deposit_held: number;
  deposit_applied: number;
  refund: number;
  due: number;
  settled_by: number | null;
  created_at: string;
}

/** A customer's dispute of a confirmed return charge, and staff's answer (migration 026). One open per charge. */
export interface ReturnChargeDisputeTable {
  id: Generated<number>;
  charge_id: number;
  booking_id: number;
  agency_id: number;
  status: DisputeStatus;
  message: string;
  raised_by: number | null;
  created_at: string;
  answer: string | null;
  answered_by: number | null;
  answered_at: string | null;
}

/** The last number each agency gave an invoice; bumped inside the issuing transaction. */
export interface InvoiceCounterTable {
  agency_id: number;
  last_number: number;
}

/** A version of an agency's rental terms (migration 024): each save is a new row, never edited. */
export interface AgencyTermsTable {
  id: Generated<number>;
  agency_id: number;
  version: number;
  body: string;
  created_by: number | null;
  created_at: string;
}

/** A signature over a booking's agreement (migration 024): the customer's, then staff's. */
export interface AgreementSignatureTable {
  id: Generated<number>;
  booking_id: number;
  agency_id: number;
  signer: AgreementSigner;
  /** The canonical JSON the device showed, and its SHA-256 in hex. */
  content: string;
  content_hash: string;
  terms_version: number | null;
  /** The drawn signature (PNG, private store), or null when a name was typed. */
  image_key: string | null;
  typed_name: string | null;
  signed_by: number | null;
  /** The device's clock when signed, and the server's when received. */
  signed_at: string;
  received_at: string;
}

/** The agreement's PDF, rendered once both signatures are in (migration 024). */
export interface AgreementPdfTable {
  booking_id: number;
  agency_id: number;
  content_hash: string;
  object_key: string;
  size: number;
  file_sha256: string;
  rendered_at: string;
  mailed_at: string | null;
}

export interface Database {
  agencies: AgencyTable;
  users: UserTable;
  refresh_tokens: RefreshTokenTable;
  password_reset_tokens: PasswordResetTokenTable;
  email_confirmation_tokens: EmailConfirmationTokenTable;
  locations: LocationTable;
  vehicles: VehicleTable;
  vehicle_images: VehicleImageTable;
  vehicle_locations: VehicleLocationTable;
  customers: CustomerTable;
  bookings: BookingTable;
  booking_requests: BookingRequestTable;
  idempotency_keys: IdempotencyKeyTable;
  server_processes: ServerProcessTable;
  data_versions: DataVersionTable;
  rate_counters: RateCounterTable;
  list_counts: ListCountTable;
  agency_customers: AgencyCustomerTable;
  list_versions: ListVersionTable;
  vehicle_unavailability: VehicleUnavailabilityTable;
  maintenance_records: MaintenanceRecordTable;
  booking_inspections: BookingInspectionTable;
  inspection_photos: InspectionPhotoTable;
  payments: PaymentTable;
  invoices: InvoiceTable;
  invoice_lines: InvoiceLineTable;
  invoice_counters: InvoiceCounterTable;
  vehicle_categories: VehicleCategoryTable;
  seasons: SeasonTable;
  season_categories: SeasonCategoryTable;
  length_tiers: LengthTierTable;
  extras: ExtraTable;
  extra_stock: ExtraStockTable;
  one_way_fees: OneWayFeeTable;
  booking_quote_lines: BookingQuoteLineTable;
  request_quote_lines: RequestQuoteLineTable;
  booking_extras: BookingExtraTable;
  request_extras: RequestExtraTable;
  agency_terms: AgencyTermsTable;
  agreement_signatures: AgreementSignatureTable;
  agreement_pdfs: AgreementPdfTable;
  return_charges: ReturnChargeTable;
  return_settlements: ReturnSettlementTable;
  return_charge_disputes: ReturnChargeDisputeTable;
}

export type Agency = Selectable<AgencyTable>;
export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type Vehicle = Selectable<VehicleTable>;
export type NewVehicle = Insertable<VehicleTable>;
export type VehicleUpdate = Updateable<VehicleTable>;
export type Customer = Selectable<CustomerTable>;
export type NewCustomer = Insertable<CustomerTable>;
export type CustomerUpdate = Updateable<CustomerTable>;
export type Booking = Selectable<BookingTable>;
export type NewBooking = Insertable<BookingTable>;
export type BookingRequest = Selectable<BookingRequestTable>;
export type NewBookingRequest = Insertable<BookingRequestTable>;
export type Location = Selectable<LocationTable>;

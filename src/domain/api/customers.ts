/** The customer shape the API sends (GET customers/, customers/{id}/, customers/me/): never storage keys. */
export interface ApiCustomer {
  id: number;
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
  /** The authorised URL that streams the private file, or null. */
  drivers_license: string | null;
  /** Its content type (image/webp or application/pdf), or null. */
  drivers_license_type: string | null;
  next_of_kin1_first_name: string | null;
  next_of_kin1_last_name: string | null;
  next_of_kin1_id_number: string | null;
  next_of_kin1_phone: string | null;
  next_of_kin2_first_name: string | null;
  next_of_kin2_last_name: string | null;
  next_of_kin2_id_number: string | null;
  next_of_kin2_phone: string | null;
  /** ISO day, or null when not given. */
  date_of_birth: string | null;
  /** The driver's license number as printed, or null when not given. */
  license_number: string | null;
  /** The driver's license's expiry, ISO day, or null when not given. */
  license_expiry: string | null;
  /** The detail screen shows the Kin 2 tab only when this is true (SPEC §3). */
  next_of_kin_2: boolean;
  agency_id: number | null;
  has_account: boolean;
  created_at: string;
  updated_at: string;
  last_booking_date: string | null;
}

/** GET customers/{id}/analytics/ (SPEC §3): an agency counts only its own bookings. */
export interface CustomerAnalytics {
  totalBookings: number;
  /** Decimal string; cancelled bookings add nothing. */
  totalSpent: string;
  totalMileage: number;
}

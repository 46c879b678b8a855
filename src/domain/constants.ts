/** Enumerations and business constants shared by the app and the server (SPEC §3, §9). */

export const ROLES = ['customer', 'staff', 'agent', 'agency'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ['staff', 'agent', 'agency'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? '');
}

export const OWNERSHIPS = ['company', 'private'] as const;
export type Ownership = (typeof OWNERSHIPS)[number];

export const PAYMENT_METHODS = ['cash', 'mobile transfer', 'debit_card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD = 'cash' satisfies PaymentMethod;

/** pending and confirmed are what staff pick on creation; the others follow the rental's life. */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'active', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const DEFAULT_BOOKING_STATUS = 'pending' satisfies BookingStatus;
/** A booking in one of these statuses holds its vehicle for its dates. */
export const BLOCKING_BOOKING_STATUSES = ['pending', 'confirmed', 'active'] as const satisfies readonly BookingStatus[];

/** Why a vehicle is blocked for a period (fleet unavailability). */
export const UNAVAILABILITY_KINDS = ['maintenance', 'damage', 'reserved', 'other'] as const;
export type UnavailabilityKind = (typeof UNAVAILABILITY_KINDS)[number];

export const REQUEST_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const AGENCY_STATUSES = ['pending', 'approved', 'suspended'] as const;
export type AgencyStatus = (typeof AGENCY_STATUSES)[number];
/** An agency logo's upload limit (it is stored re-encoded at 256 pixels). */
export const AGENCY_LOGO_MAX_BYTES = 5 * 1024 * 1024;

export const CUSTOMER_TITLES = ['MR', 'MRS', 'MS', 'MISS', 'DR'] as const;
export const DEFAULT_CUSTOMER_TITLE = 'MR';

export const DEFAULT_PICKUP_TIME = '09:00';
export const DEFAULT_DROPOFF_TIME = '18:00';

export const LICENSE_MAX_BYTES = 5 * 1024 * 1024;
export const VEHICLE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const MAX_VEHICLE_IMAGES = 12;

export const REGISTRATION_REDIRECT_MS = 2000;
export const PASSWORD_RESET_REDIRECT_MS = 3000;

export const PASSWORD_MIN_LENGTH = 8;

import type { PaymentMethod } from '../constants.ts';

/** Booking Frequency buckets: customers by how many bookings they have made. */
export const BOOKING_FREQUENCY_BUCKETS = ['1', '2-3', '4-5', '6+'] as const;
export type BookingFrequencyBucket = (typeof BOOKING_FREQUENCY_BUCKETS)[number];

/** Booking Duration buckets: bookings by rental length in days, counted inclusively. */
export const BOOKING_DURATION_BUCKETS = ['1-3', '4-7', '8-14', '15+'] as const;
export type BookingDurationBucket = (typeof BOOKING_DURATION_BUCKETS)[number];

/** How many months the growth and conversion series cover, the current one last. */
export const ANALYTICS_MONTHS = 12;

export interface CustomerGrowthPoint {
  /** YYYY-MM (UTC). */
  month: string;
  new_customers: number;
  /** Customers on the books at the end of the month. */
  total_customers: number;
}

export interface LeadConversionPoint {
  /** YYYY-MM (UTC): the month the booking requests were received. */
  month: string;
  /** Booking requests received in the month. */
  requests: number;
  /** Those of them that became a booking. */
  converted: number;
}

export interface TopCustomer {
  id: number;
  first_name: string;
  last_name: string;
  bookings: number;
  /** Decimal string; cancelled bookings add nothing. */
  total_spent: string;
}

/**
 * GET customer-analytics/: the /customers/analytics screen's figures, computed over the caller's
 * customers, bookings and requests (an agency's own; the operator's: all). Every booking counts
 * in the booking figures; only spending leaves cancelled ones out, as a customer's details do.
 */
export interface CustomerAnalyticsOverview {
  /** YYYY-MM (UTC): the month "this month" means, by the server's clock. */
  month: string;
  total_customers: number;
  /** Customers with two bookings or more. */
  repeat_customers: number;
  new_customers_this_month: number;
  /** The last ANALYTICS_MONTHS months, oldest first, every month present. */
  growth: CustomerGrowthPoint[];
  /** Every bucket present, in BOOKING_FREQUENCY_BUCKETS order. */
  booking_frequency: { bucket: BookingFrequencyBucket; customers: number }[];
  /** Every bucket present, in BOOKING_DURATION_BUCKETS order. */
  booking_duration: { bucket: BookingDurationBucket; bookings: number }[];
  /** Every method present, in PAYMENT_METHODS order. */
  payment_methods: { method: PaymentMethod; bookings: number }[];
  /** The last ANALYTICS_MONTHS months, oldest first, every month present. */
  conversion: LeadConversionPoint[];
  /** Up to five, by spending then bookings. */
  top_customers: TopCustomer[];
}

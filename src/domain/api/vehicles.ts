/**
 * The vehicle shapes the API sends (GET staff-vehicles/, GET public-vehicles/): the server maps
 * its rows to them and the app reads them, so both sides name one type.
 */
import type { Ownership } from '../constants.ts';

/** One photo: the detail width (`image`, 1200 px) and the card width (`thumbnail`, 480 px). */
export interface VehicleImageView {
  id: number;
  image: string;
  thumbnail: string;
}

export interface PickupLocationView {
  id: number;
  name: string;
  city: string;
}

/** A vehicle as staff, agency and agent users see it. */
export interface StaffVehicle {
  id: number;
  agency_id: number;
  agency_name: string;
  agency_logo: string | null;
  make: string;
  model: string;
  color: string;
  manufacture_year: number;
  mileage: number;
  mileage_allowance: number;
  ownership: Ownership;
  /** One of the agency's vehicle categories (GET vehicle-categories/), or null. */
  category_id: number | null;
  price_per_day: string;
  deposit: string;
  registration_number: string;
  /** The code on its QR label (issue 23): `/v/{label_code}` opens its today card. */
  label_code: string;
  next_service_date: string;
  /** When the vehicle was retired (out of the public list and the pickers, history kept), or null. */
  retired_at: string | null;
  main_image: string | null;
  images: VehicleImageView[];
  pickup_locations: number[];
  pickup_location_details: PickupLocationView[];
  created_at: string;
  updated_at: string;
}

/** A vehicle as anyone may see it: no registration number, no internal fields. */
export interface PublicVehicle {
  id: number;
  make: string;
  model: string;
  color: string;
  manufacture_year: number;
  mileage: number;
  mileage_allowance: number;
  ownership: Ownership;
  /** The name of its agency's category for it (Economy, SUV…), or null. */
  category: string | null;
  price_per_day: string;
  /**
   * The lowest day rate its agency's seasons give it over the coming 365 days, when that differs
   * from its base (`price_per_day`, or its category's base rate): the cards' "from £X/day". Null
   * when no season changes its price in that year.
   */
  from_price_per_day: string | null;
  deposit: string;
  main_image: string | null;
  images: VehicleImageView[];
  pickup_locations: PickupLocationView[];
  agency_name: string;
  agency_logo: string | null;
}

/** A pickup location with its street address, as the vehicle page shows it. */
export interface PickupPointView extends PickupLocationView {
  /** Empty for a location whose agency has not given its address yet. */
  address: string;
}

/**
 * GET public-vehicles/{id}/: the public vehicle with what its page needs beyond the list: the
 * pickup locations' addresses and how to reach the agency. The list stays lean (decision 024).
 */
export interface PublicVehicleDetail extends Omit<PublicVehicle, 'pickup_locations'> {
  pickup_locations: PickupPointView[];
  agency_phone: string;
  agency_email: string;
}

import type { VehicleImageView as VehicleImage } from '#domain/api/vehicles';
import type { Ownership } from '#domain/constants';

export type { PickupLocationView as PickupLocation, VehicleImageView as VehicleImage } from '#domain/api/vehicles';

/**
 * What a vehicle card, the carousel and the filters need: both the public and the staff vehicle
 * have these fields, so the landing, the customer browse and the fleet list share one card.
 */
export interface VehicleSummary {
  id: number;
  make: string;
  model: string;
  color: string;
  mileage: number;
  ownership: Ownership;
  /** The API's decimal string, e.g. "45.00". */
  price_per_day: string;
  images: VehicleImage[];
  agency_name?: string | null;
  agency_logo?: string | null;
}

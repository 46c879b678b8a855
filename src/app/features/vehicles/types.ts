import type { PublicVehicle } from '#domain/api/vehicles';

export type { PickupLocationView as PickupLocation, VehicleImageView as VehicleImage } from '#domain/api/vehicles';

/**
 * What a vehicle card, the carousel and the filters need: both the public and the staff vehicle
 * have these fields, so the landing, the customer browse and the fleet list share one card.
 */
export type VehicleSummary = Pick<
  PublicVehicle,
  'id' | 'make' | 'model' | 'color' | 'mileage' | 'ownership' | 'price_per_day' | 'images'
> &
  Partial<Record<'agency_name' | 'agency_logo' | 'category' | 'from_price_per_day', string | null>>;

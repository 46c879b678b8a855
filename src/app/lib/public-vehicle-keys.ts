const PUBLIC_VEHICLES = ['public-vehicles'] as const;

/** The public fleet the landing and the request screens show. */
export const publicVehicleKeys = {
  all: PUBLIC_VEHICLES,
  list: (limit: number) => [...PUBLIC_VEHICLES, 'list', { limit }] as const,
  available: (from: string, to: string) => [...PUBLIC_VEHICLES, 'available', { from, to }] as const,
  detail: (vehicleId: number) => [...PUBLIC_VEHICLES, 'detail', vehicleId] as const,
};

/** A pickup location as its agency manages it (GET locations/). */
export interface PickupLocation {
  id: number;
  agency_id: number;
  name: string;
  city: string;
  address: string;
  /** How many vehicles can be picked up here. */
  vehicles: number;
}

/** A pickup location a staff-side user may give a vehicle or a booking (GET agent-locations/). */
export interface AgentLocation {
  id: number;
  name: string;
  city: string;
  agency_id: number;
}

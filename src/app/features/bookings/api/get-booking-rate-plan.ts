import { useQuery } from '@tanstack/react-query';
import { vehicleRatePlanQueryOptions, type PlanSource } from '../../booking-requests/index.ts';
import { ratePlanQueryOptions } from '../../rates/index.ts';
import { useSession } from '../../session/index.ts';

/**
 * The price list Add/Edit Booking quote with on the device (issue 21): an agency's owner and agents
 * read their own (GET rate-plan/, kept on the device); the operator, who has no agency, reads the
 * chosen vehicle's agency's public one (GET public-vehicles/{id}/rate-plan/). A vehicle the public
 * cannot see (a pending agency's) has none: the server's quote (POST quotes/) then stands alone.
 */
export function useBookingRatePlan(vehicleId: number | null): PlanSource {
  const role = useSession()?.role;
  const operator = role === 'staff';
  const own = useQuery({ ...ratePlanQueryOptions(), enabled: role === 'agency' || role === 'agent' });
  const vehiclePlan = useQuery({
    ...vehicleRatePlanQueryOptions(vehicleId ?? 0),
    enabled: operator && vehicleId !== null,
    retry: false,
  });
  return operator ? vehiclePlan : own;
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestBookingDraft } from '#domain/api/booking-requests';
import { api } from '../../../lib/api-client.ts';
import { STAFF_REQUESTS_KEY } from './staff-requests-key.ts';

export type { RequestBookingDraft };

/** GET staff-booking-requests/{id}/booking/: the amount and deposit the server prices, and whom the booking is for. */
export const requestBookingDraftQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: [...STAFF_REQUESTS_KEY, 'booking-draft', requestId],
    queryFn: ({ signal }) => api.get<RequestBookingDraft>(`staff-booking-requests/${requestId}/booking/`, signal),
  });

export function useRequestBookingDraft(requestId: number, enabled: boolean) {
  return useQuery({ ...requestBookingDraftQueryOptions(requestId), enabled });
}

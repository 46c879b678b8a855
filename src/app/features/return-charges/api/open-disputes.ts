import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffDispute } from '#domain/api/return-charges';
import { api } from '../../../lib/api-client.ts';

export type { StaffDispute };

/** Every page of the open disputes (answering one refreshes them all). */
export const OPEN_DISPUTES_KEY = ['return-charge-disputes', 'open'] as const;
export const OPEN_DISPUTES_PAGE = 10;

export const openDisputesOptions = (offset: number) =>
  queryOptions({
    queryKey: [...OPEN_DISPUTES_KEY, offset],
    queryFn: ({ signal }) =>
      api.list<StaffDispute>(`return-charge-disputes/?limit=${OPEN_DISPUTES_PAGE}&offset=${offset}`, signal),
    placeholderData: keepPreviousData,
  });

/** GET return-charge-disputes/: a page of the agency's open disputes (the operator: every agency's), oldest first. */
export function useOpenDisputes(offset: number) {
  return useQuery(openDisputesOptions(offset));
}

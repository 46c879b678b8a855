import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { rateKeys, refreshPricedViews, type PriceListPath } from './rate-keys.ts';

/** An agency's price list fits one page: the server allows 500 of each. */
export const PRICE_LIST_LIMIT = 500;

/** GET {path}/: the agency's records of one list (owner and agents), with their total. */
export const priceListQueryOptions = <T>(path: PriceListPath) =>
  queryOptions({
    queryKey: rateKeys.list(path),
    queryFn: ({ signal }) => api.list<T>(`${path}/?limit=${PRICE_LIST_LIMIT}`, signal),
    // A colleague may have changed the plan: each visit shows the kept list and asks again.
    staleTime: 0,
  });

/**
 * POST {path}/, PUT {path}/{id}/ (the whole record again) and DELETE {path}/{id}/, online only.
 * Every write moves the plan's version, and a category's name shows in the seasons' lines:
 * each refreshes the whole screen, and the public fleet priced by the plan.
 */
export function usePriceListWrites<T, Body>(path: PriceListPath) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: rateKeys.all }), refreshPricedViews(queryClient)]);
  return {
    add: useMutation({
      mutationFn: (body: Body) => api.post<T>(`${path}/`, body),
      onSuccess: refresh,
    }),
    edit: useMutation({
      mutationFn: async ({ id, body }: { id: number; body: Body }) =>
        (await api.send<T>('PUT', `${path}/${id}/`, { json: body })).data,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete(`${path}/${id}/`),
      onSuccess: refresh,
    }),
  };
}

export type PriceListWrites<T, Body> = ReturnType<typeof usePriceListWrites<T, Body>>;

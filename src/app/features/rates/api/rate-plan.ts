import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RatePlanSettingsView, RatePlanView } from '#domain/api/rate-plan';
import type { ratePlanSettingsSchema } from '#domain/schemas/rate-plan-settings';
import type * as v from 'valibot';
import { api } from '../../../lib/api-client.ts';
import { rateKeys, refreshPricedViews } from './rate-keys.ts';

export type { RatePlanSettingsView, RatePlanView };

/** PUT rate-plan/settings/'s body as the wire carries it: amounts as decimal strings. */
export type RatePlanSettingsBody = v.InferInput<typeof ratePlanSettingsSchema>;

/** GET rate-plan/: the agency's whole plan (owner and agents); the screen reads its settings and version. */
export const ratePlanQueryOptions = () =>
  queryOptions({
    queryKey: rateKeys.plan,
    queryFn: ({ signal }) => api.get<RatePlanView>('rate-plan/', signal),
    staleTime: 0,
  });

export function useRatePlan() {
  return useQuery(ratePlanQueryOptions());
}

/** PUT rate-plan/settings/ (the owner): the settings whole; the reply is the plan with its new version. */
export function useUpdateRateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RatePlanSettingsBody) =>
      (await api.send<RatePlanView>('PUT', 'rate-plan/settings/', { json: body })).data,
    onSuccess: (plan) => {
      queryClient.setQueryData(rateKeys.plan, plan);
      return refreshPricedViews(queryClient);
    },
  });
}

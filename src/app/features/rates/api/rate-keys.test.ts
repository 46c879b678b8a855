import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { publicVehicleKeys } from '../../../lib/public-vehicle-keys.ts';
import { rateKeys, refreshPricedViews } from './rate-keys.ts';

describe('refreshPricedViews', () => {
  it('marks the public fleet and every vehicle’s cached plan stale, and nothing else', async () => {
    const queryClient = new QueryClient();
    const plan = [...publicVehicleKeys.all, 'rate-plan', 7];
    queryClient.setQueryData(plan, { version: 1 });
    queryClient.setQueryData(publicVehicleKeys.list(12), []);
    queryClient.setQueryData(rateKeys.plan, { version: 1 });
    await refreshPricedViews(queryClient);
    expect(queryClient.getQueryState(plan)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(publicVehicleKeys.list(12))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(rateKeys.plan)?.isInvalidated).toBe(false);
  });
});

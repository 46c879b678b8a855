import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { staffVehicleKeys } from '#app/lib/query-keys';
import { cachedFleet, cachedVehicleByCode } from './cached-fleet.ts';

const vehicle = (id: number, registration: string, code: string) => ({
  id,
  make: 'Toyota',
  model: 'Yaris',
  registration_number: registration,
  label_code: code,
});

describe('cachedFleet', () => {
  it('gathers the vehicles of every cached fleet answer, each once, from its latest answer', () => {
    const client = new QueryClient();
    client.setQueryData(staffVehicleKeys.choices, { items: [vehicle(1, 'AB12 CDE', 'AAAAAAAAAA')], total: 1 });
    client.setQueryData(staffVehicleKeys.list({ search: '' }), {
      pages: [{ items: [vehicle(2, 'XY99 ZZZ', 'BBBBBBBBBB')], total: 1 }],
      pageParams: [0],
    });
    client.setQueryData(staffVehicleKeys.detail(1), { ...vehicle(1, 'AB12 NEW', 'AAAAAAAAAA'), mileage: 10 });
    client.setQueryData([...staffVehicleKeys.all, 'today', 'CCCCCCCCCC', '2026-11-27'], {
      vehicle: vehicle(3, 'CD34 EFG', 'CCCCCCCCCC'),
      current_booking: null,
    });
    // Not the fleet: another key, and answers without a label.
    client.setQueryData(['public-vehicles'], { items: [vehicle(9, 'PUB 1', 'DDDDDDDDDD')] });
    client.setQueryData([...staffVehicleKeys.all, 'other'], { items: [{ id: 4, registration_number: 'NO CODE' }] });

    const fleet = cachedFleet(client);
    expect(fleet.map((item) => item.id).sort()).toEqual([1, 2, 3]);
    expect(cachedVehicleByCode(client, 'bbbbbbbbbb')?.registration_number).toBe('XY99 ZZZ');
    expect(cachedVehicleByCode(client, 'DDDDDDDDDD')).toBeNull();
  });

  it('takes the newest answer when two hold the same vehicle', async () => {
    const client = new QueryClient();
    client.setQueryData(staffVehicleKeys.choices, { items: [vehicle(1, 'OLD 1', 'AAAAAAAAAA')], total: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    client.setQueryData(staffVehicleKeys.detail(1), vehicle(1, 'NEW 1', 'AAAAAAAAAA'));
    expect(cachedVehicleByCode(client, 'AAAAAAAAAA')?.registration_number).toBe('NEW 1');
  });
});

import { describe, expect, it } from 'vitest';
import type { PlannerBar, PlannerRow } from '#domain/api/planner';
import {
  barLanes,
  barSpan,
  barTone,
  dayWidthFor,
  groupRows,
  isMovable,
  lineAt,
  lineTops,
  movedPlace,
  nextSpot,
  utilisation,
  withMoves,
  type PlannerLine,
} from './planner-model.ts';

const FROM = '2026-05-01';

function booking(
  id: number,
  start: string,
  end: string,
  status: 'pending' | 'confirmed' | 'active' | 'completed' | 'cancelled' = 'confirmed',
): PlannerBar {
  return {
    kind: 'booking',
    id,
    start_date: start,
    end_date: end,
    pickup_time: '09:00',
    dropoff_time: '18:00',
    status,
    label: `Customer ${id}`,
  };
}

function row(id: number, bars: PlannerBar[], extra: Partial<PlannerRow['vehicle']> = {}): PlannerRow {
  return {
    vehicle: {
      id,
      agency_id: 1,
      registration_number: `REG ${id}`,
      make: 'Make',
      model: `Model ${id}`,
      category_id: null,
      category_name: null,
      location_ids: [],
      next_service_date: '2027-01-01',
      ...extra,
    },
    bars,
  };
}

describe('bars on the grid', () => {
  it('spans whole days in the week view and the hours from pickup to dropoff in the day view', () => {
    const bar = booking(1, '2026-05-03', '2026-05-05');
    expect(barSpan(bar, FROM, 'week')).toEqual({ start: 2, width: 3 });
    const day = barSpan(bar, FROM, 'day');
    expect(day.start).toBeCloseTo(2 + 9 / 24);
    expect(day.width).toBeCloseTo(2 + 9 / 24);
  });

  it('puts overlapping bars on lanes of their own and reuses a lane once it is free', () => {
    const a = booking(1, '2026-05-01', '2026-05-03');
    const b = booking(2, '2026-05-03', '2026-05-04');
    const c = booking(3, '2026-05-04', '2026-05-06');
    const { lanes, count } = barLanes([a, b, c]);
    expect([lanes.get(a), lanes.get(b), lanes.get(c)]).toEqual([0, 1, 0]);
    expect(count).toBe(2);
  });

  it('colours bookings as SPEC §4 says and tells requests and periods apart', () => {
    expect(barTone(booking(1, FROM, FROM, 'completed'))).toBe('completed');
    expect(barTone(booking(1, FROM, FROM, 'pending'))).toBe('upcoming');
    expect(barTone(booking(1, FROM, FROM, 'confirmed'))).toBe('upcoming');
    expect(barTone(booking(1, FROM, FROM, 'active'))).toBe('active');
    expect(barTone(booking(1, FROM, FROM, 'cancelled'))).toBe('other');
    expect(
      barTone({
        kind: 'request',
        id: 1,
        start_date: FROM,
        end_date: FROM,
        pickup_time: '09:00',
        dropoff_time: '18:00',
        status: 'pending',
        label: 'X',
      }),
    ).toBe('request');
    expect(
      barTone({ kind: 'unavailability', id: 1, start_date: FROM, end_date: FROM, status: 'maintenance', label: null }),
    ).toBe('blocked');
  });

  it('moves only bookings that are not over', () => {
    expect(isMovable(booking(1, FROM, FROM, 'active'))).toBe(true);
    expect(isMovable(booking(1, FROM, FROM, 'completed'))).toBe(false);
    expect(isMovable(booking(1, FROM, FROM, 'cancelled'))).toBe(false);
  });

  it("fits the zoom's days into the room, never narrower than readable", () => {
    expect(dayWidthFor('week', 700)).toBe(100);
    expect(dayWidthFor('week', 300)).toBe(72);
    expect(dayWidthFor('month', 900)).toBe(30);
    expect(dayWidthFor('day', 400)).toBe(576);
  });
});

describe('utilisation', () => {
  it('counts each booked or held day once, within the range, periods left out', () => {
    const bars: PlannerBar[] = [
      booking(1, '2026-04-28', '2026-05-02'),
      booking(2, '2026-05-02', '2026-05-03'),
      {
        kind: 'unavailability',
        id: 9,
        start_date: '2026-05-05',
        end_date: '2026-05-06',
        status: 'maintenance',
        label: null,
      },
    ];
    // 1, 2 and 3 May of ten days.
    expect(utilisation(bars, '2026-05-01', '2026-05-10')).toBe(30);
    expect(utilisation([], '2026-05-01', '2026-05-10')).toBe(0);
  });
});

describe('rows and groups', () => {
  const rows = [
    row(1, [], { category_id: 2, category_name: 'Compact', location_ids: [5, 6] }),
    row(2, [], { category_id: 2, category_name: 'Compact', location_ids: [6] }),
    row(3, [], { location_ids: [] }),
  ];
  const locations = [
    { id: 5, name: 'York' },
    { id: 6, name: 'Leeds' },
  ];

  it('keeps the server\'s order by category, uncategorised as "No category"', () => {
    const lines = groupRows(rows, 'category', locations);
    expect(
      lines.map((line) => (line.type === 'group' ? `# ${line.title} (${line.count})` : line.row.vehicle.id)),
    ).toEqual(['# Compact (2)', 1, 2, '# No category (1)', 3]);
  });

  it('puts a vehicle under each place it is picked up at, places by name, none last', () => {
    const lines = groupRows(rows, 'location', locations);
    expect(lines.map((line) => (line.type === 'group' ? `# ${line.title}` : line.row.vehicle.id))).toEqual([
      '# Leeds',
      1,
      2,
      '# York',
      1,
      '# No pickup location',
      3,
    ]);
    expect(new Set(lines.map((line) => line.key)).size).toBe(lines.length);
  });

  it("finds the line under a point from the lines' tops", () => {
    const lines = groupRows(rows, 'category', locations);
    const { tops, height } = lineTops(lines);
    expect(tops).toEqual([0, 32, 84, 136, 168]);
    expect(height).toBe(220);
    expect(lineAt(tops, 0)).toBe(0);
    expect(lineAt(tops, 100)).toBe(2);
    expect(lineAt(tops, 5000)).toBe(4);
  });
});

describe('the keyboard', () => {
  const lines: PlannerLine[] = [
    { type: 'group', key: 'g', title: 'Group', count: 2 },
    {
      type: 'vehicle',
      key: 'a',
      row: row(1, [booking(10, '2026-05-03', '2026-05-05'), booking(11, '2026-05-04', '2026-05-04')]),
    },
    { type: 'vehicle', key: 'b', row: row(2, []) },
  ];

  it('steps onto a bar, into a bar starting inside it, then past its end', () => {
    let spot = nextSpot(lines, FROM, 30, { line: 1, day: 1, bar: null }, 'ArrowRight');
    expect(spot).toEqual({ line: 1, day: 2, bar: 'booking:10' });
    spot = nextSpot(lines, FROM, 30, spot, 'ArrowRight');
    expect(spot).toEqual({ line: 1, day: 3, bar: 'booking:11' });
    spot = nextSpot(lines, FROM, 30, { line: 1, day: 2, bar: 'booking:10' }, 'ArrowLeft');
    expect(spot).toEqual({ line: 1, day: 1, bar: null });
  });

  it('keeps the day going up and down, skipping group headings, and stops at the ends', () => {
    expect(nextSpot(lines, FROM, 30, { line: 1, day: 8, bar: null }, 'ArrowDown')).toEqual({
      line: 2,
      day: 8,
      bar: null,
    });
    expect(nextSpot(lines, FROM, 30, { line: 2, day: 3, bar: null }, 'ArrowUp')).toEqual({
      line: 1,
      day: 3,
      bar: 'booking:10',
    });
    expect(nextSpot(lines, FROM, 30, { line: 1, day: 0, bar: null }, 'ArrowUp')).toEqual({
      line: 1,
      day: 0,
      bar: null,
    });
    expect(nextSpot(lines, FROM, 30, { line: 2, day: 29, bar: null }, 'ArrowRight')).toEqual({
      line: 2,
      day: 29,
      bar: null,
    });
    expect(nextSpot(lines, FROM, 30, { line: 2, day: 5, bar: null }, 'End')).toEqual({ line: 2, day: 29, bar: null });
  });
});

describe('moves', () => {
  const place = { vehicle: 1, start_date: '2026-05-03', end_date: '2026-05-05' };

  it('shifts both days, or only the end (never before the start)', () => {
    expect(movedPlace(place, 2, 7, false)).toEqual({ vehicle: 7, start_date: '2026-05-05', end_date: '2026-05-07' });
    expect(movedPlace(place, 2, 1, true)).toEqual({ vehicle: 1, start_date: '2026-05-03', end_date: '2026-05-07' });
    expect(movedPlace(place, -5, 1, true)).toEqual({ vehicle: 1, start_date: '2026-05-03', end_date: '2026-05-03' });
  });

  it('draws a waiting move on the vehicle it goes to, and nowhere else', () => {
    const rows = [row(1, [booking(10, '2026-05-03', '2026-05-05')]), row(2, [booking(20, '2026-05-01', '2026-05-01')])];
    const moved = withMoves(rows, new Map([[10, { vehicle: 2, start_date: '2026-05-06', end_date: '2026-05-08' }]]));
    expect(moved[0]?.bars).toEqual([]);
    expect(moved[1]?.bars.map((bar) => [bar.id, bar.start_date, bar.end_date])).toEqual([
      [20, '2026-05-01', '2026-05-01'],
      [10, '2026-05-06', '2026-05-08'],
    ]);
    expect(withMoves(rows, new Map())).toBe(rows);
  });
});

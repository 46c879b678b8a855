import { describe, expect, it } from 'vitest';
import { overlapsOf, seasonTimeline, TIMELINE_MAX_MONTHS } from './season-timeline.ts';

const season = (id: number, name: string, start_date: string, end_date: string) => ({ id, name, start_date, end_date });

describe('the seasons’ calendar strip', () => {
  it('shows the months from the first season to the last and places each bar on them', () => {
    const summer = season(1, 'Summer', '2026-07-01', '2026-08-31');
    const christmas = season(2, 'Christmas', '2026-12-20', '2027-01-02');
    const timeline = seasonTimeline([summer, christmas]);
    expect(timeline.months.map((month) => month.label)).toEqual([
      'Jul 2026',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
      'Jan 2027',
    ]);
    const [summerBar, christmasBar] = timeline.bars;
    const days = 31 + 31 + 30 + 31 + 30 + 31 + 31;
    expect(summerBar).toMatchObject({ id: 1, left: 0 });
    expect(summerBar?.width).toBeCloseTo((62 / days) * 100);
    expect(christmasBar?.left).toBeCloseTo(((days - 31 - 12) / days) * 100);
    expect(christmasBar?.width).toBeCloseTo((14 / days) * 100);
  });

  it('clips a season beyond two years and leaves out one wholly past the strip', () => {
    const timeline = seasonTimeline([
      season(1, 'Now', '2026-01-10', '2026-01-20'),
      season(2, 'Long', '2027-06-01', '2029-03-01'),
      season(3, 'Far', '2028-06-01', '2028-06-30'),
    ]);
    expect(timeline.months).toHaveLength(TIMELINE_MAX_MONTHS);
    expect(timeline.bars.map((bar) => bar.id)).toEqual([1, 2]);
    const long = timeline.bars[1];
    expect((long?.left ?? 0) + (long?.width ?? 0)).toBeCloseTo(100);
    expect(seasonTimeline([])).toEqual({ months: [], bars: [] });
  });

  it('finds the seasons that share a day', () => {
    const summer = season(1, 'Summer', '2026-07-01', '2026-08-31');
    const fair = season(2, 'Fair week', '2026-08-31', '2026-09-06');
    const autumn = season(3, 'Autumn', '2026-09-07', '2026-10-31');
    expect(overlapsOf(summer, [summer, fair, autumn]).map((other) => other.name)).toEqual(['Fair week']);
    expect(overlapsOf(fair, [summer, fair, autumn]).map((other) => other.name)).toEqual(['Summer']);
    expect(overlapsOf(autumn, [summer, fair, autumn])).toEqual([]);
  });
});

/**
 * The seasons' calendar strip: which months it shows and where each season's bar sits on it, and
 * which seasons overlap (the list says so in words; the strip only draws it).
 */

const DAY_MS = 86_400_000;
/** Two years at most: a season far ahead does not shrink every other bar to a sliver. */
export const TIMELINE_MAX_MONTHS = 24;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface Dated {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
}

export interface TimelineMonth {
  key: string;
  /** "Jul", with the year on January and on the first month shown: "Jan 2027". */
  label: string;
}

export interface TimelineBar {
  id: number;
  name: string;
  /** Percent of the strip's width. */
  left: number;
  width: number;
}

export interface Timeline {
  months: TimelineMonth[];
  bars: TimelineBar[];
}

const dayNumber = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

/** The whole months from the first season's start, at most TIMELINE_MAX_MONTHS, and each season's bar clipped to them. */
export function seasonTimeline(seasons: readonly Dated[]): Timeline {
  const [head] = seasons;
  if (!head) return { months: [], bars: [] };
  const first = seasons.reduce((min, season) => (season.start_date < min ? season.start_date : min), head.start_date);
  const last = seasons.reduce((max, season) => (season.end_date > max ? season.end_date : max), head.end_date);
  const startYear = Number(first.slice(0, 4));
  const startMonth = Number(first.slice(5, 7)) - 1;
  const span = (Number(last.slice(0, 4)) - startYear) * 12 + Number(last.slice(5, 7)) - 1 - startMonth + 1;
  const count = Math.min(span, TIMELINE_MAX_MONTHS);
  const months: TimelineMonth[] = [];
  for (let index = 0; index < count; index += 1) {
    const year = startYear + Math.floor((startMonth + index) / 12);
    const month = (startMonth + index) % 12;
    const name = MONTH_NAMES[month] ?? '';
    months.push({
      key: `${year}-${month}`,
      label: index === 0 || month === 0 ? `${name} ${year}` : name,
    });
  }
  const from = Date.UTC(startYear, startMonth, 1) / DAY_MS;
  const to = Date.UTC(startYear, startMonth + count, 1) / DAY_MS;
  const total = to - from;
  const bars = seasons.flatMap((season) => {
    const start = Math.max(dayNumber(season.start_date), from);
    const end = Math.min(dayNumber(season.end_date) + 1, to);
    if (end <= start) return [];
    return [
      {
        id: season.id,
        name: season.name,
        left: ((start - from) / total) * 100,
        width: ((end - start) / total) * 100,
      },
    ];
  });
  return { months, bars };
}

/** The other seasons that share at least one day with `season` (both ends included). */
export function overlapsOf<T extends Dated>(season: T, seasons: readonly T[]): T[] {
  return seasons.filter(
    (other) => other.id !== season.id && other.start_date <= season.end_date && season.start_date <= other.end_date,
  );
}

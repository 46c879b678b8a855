import type { MouseEvent } from 'react';
import type { DamageMark } from '#domain/schemas/inspection';

const WIDTH = 200;
const HEIGHT = 400;

interface CarOutlineProps {
  marks: readonly DamageMark[];
  /** Marks seen at an earlier inspection, drawn hollow: what is filled is new. */
  earlier?: readonly DamageMark[];
  /** Where a tap lands (0–1 across and down); without it the outline only shows the marks. */
  onAdd?: (x: number, y: number) => void;
  label: string;
}

const round = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;

/**
 * A car seen from above, front at the top, with numbered damage marks. A tap adds one where it
 * lands; keyboard users add marks by area with the list beside it (see DamageMarks).
 */
export function CarOutline({ marks, earlier = [], onAdd, label }: CarOutlineProps) {
  const tap = (event: MouseEvent<SVGSVGElement>) => {
    if (!onAdd) return;
    const box = event.currentTarget.getBoundingClientRect();
    onAdd(round((event.clientX - box.left) / box.width), round((event.clientY - box.top) / box.height));
  };
  return (
    <svg
      className={onAdd ? 'car-outline car-outline--editable' : 'car-outline'}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      onClick={tap}
    >
      <title>{label}</title>
      {/* Wheels, body, windows and mirrors: enough to say where on the car a mark is. */}
      <g className="car-outline__wheels">
        <rect x="14" y="70" width="18" height="56" rx="6" />
        <rect x="168" y="70" width="18" height="56" rx="6" />
        <rect x="14" y="276" width="18" height="56" rx="6" />
        <rect x="168" y="276" width="18" height="56" rx="6" />
      </g>
      <rect className="car-outline__body" x="26" y="12" width="148" height="376" rx="48" />
      <path className="car-outline__glass" d="M46 120 Q100 100 154 120 L146 160 Q100 148 54 160 Z" />
      <path className="car-outline__glass" d="M54 290 Q100 300 146 290 L154 324 Q100 340 46 324 Z" />
      <rect className="car-outline__roof" x="56" y="166" width="88" height="118" rx="10" />
      <path className="car-outline__line" d="M40 60 Q100 44 160 60" />
      <path className="car-outline__line" d="M40 350 Q100 364 160 350" />
      <path className="car-outline__mirror" d="M26 150 l-14 -4 v14 z" />
      <path className="car-outline__mirror" d="M174 150 l14 -4 v14 z" />
      <text className="car-outline__front" x="100" y="32" textAnchor="middle">
        FRONT
      </text>
      {earlier.map((mark, index) => (
        <circle
          key={`earlier-${index}`}
          className="car-outline__earlier"
          cx={mark.x * WIDTH}
          cy={mark.y * HEIGHT}
          r="9"
        />
      ))}
      {marks.map((mark, index) => (
        <g key={`mark-${index}`} className="car-outline__mark">
          <circle cx={mark.x * WIDTH} cy={mark.y * HEIGHT} r="11" />
          <text x={mark.x * WIDTH} y={mark.y * HEIGHT + 4} textAnchor="middle">
            {index + 1}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** Areas of the car for adding a mark without pointing at the outline (keyboard, screen reader). */
export const CAR_AREAS = [
  { name: 'Front bumper', x: 0.5, y: 0.05 },
  { name: 'Bonnet', x: 0.5, y: 0.2 },
  { name: 'Windscreen', x: 0.5, y: 0.33 },
  { name: 'Roof', x: 0.5, y: 0.55 },
  { name: 'Rear window', x: 0.5, y: 0.77 },
  { name: 'Boot', x: 0.5, y: 0.87 },
  { name: 'Rear bumper', x: 0.5, y: 0.96 },
  { name: 'Front left wheel', x: 0.11, y: 0.245 },
  { name: 'Front right wheel', x: 0.89, y: 0.245 },
  { name: 'Left front door', x: 0.17, y: 0.45 },
  { name: 'Right front door', x: 0.83, y: 0.45 },
  { name: 'Left rear door', x: 0.17, y: 0.62 },
  { name: 'Right rear door', x: 0.83, y: 0.62 },
  { name: 'Rear left wheel', x: 0.11, y: 0.76 },
  { name: 'Rear right wheel', x: 0.89, y: 0.76 },
] as const;

/** The named area nearest a mark, so a list of marks reads "2. Left rear door: dent". */
export function nearestArea(mark: Pick<DamageMark, 'x' | 'y'>): string {
  let best: (typeof CAR_AREAS)[number] = CAR_AREAS[0];
  let bestDistance = Infinity;
  for (const area of CAR_AREAS) {
    // The outline is twice as tall as wide: distances are compared in its own proportions.
    const distance = (area.x - mark.x) ** 2 + (2 * (area.y - mark.y)) ** 2;
    if (distance < bestDistance) {
      best = area;
      bestDistance = distance;
    }
  }
  return best.name;
}

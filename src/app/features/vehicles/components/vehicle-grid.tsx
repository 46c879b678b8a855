import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { SNAPSHOT_OMIT } from '#app/components/snapshot-omit';
import '../vehicles.css';

interface VehicleGridProps<T extends { id: number }> {
  /** Names the list for screen readers, e.g. "Available vehicles". */
  label: string;
  vehicles: readonly T[];
  renderCard: (vehicle: T, index: number) => ReactNode;
}

/** The cards of the first row on the widest grid: their photos load at once, the others lazily. */
export const EAGER_CARDS = 3;

/** More cards than any screen shows before scrolling (two rows of three; a phone shows one or two). */
export const FIRST_SCREEN_CARDS = 6;

/** Set once the app's first screen has painted: from then on every grid renders whole at once. */
let firstScreenPainted = false;

/**
 * While the app starts, the cards of the first screen only; the rest a frame after they are on
 * screen. A reopened app paints its first vehicles without first building, laying out and
 * starting the images of the whole fleet. Later visits of a list render it whole, so going back
 * to a scrolled list still finds its place.
 */
function useWholeListAfterFirstPaint(): boolean {
  const [whole, setWhole] = useState(firstScreenPainted);
  useEffect(() => {
    if (whole) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A task after the next frame: the first screen has been painted by then.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        firstScreenPainted = true;
        startTransition(() => setWhole(true));
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [whole]);
  return whole;
}

/** One, two or three columns of cards by the width available. */
export function VehicleGrid<T extends { id: number }>({ label, vehicles, renderCard }: VehicleGridProps<T>) {
  const whole = useWholeListAfterFirstPaint();
  const shown = whole ? vehicles : vehicles.slice(0, FIRST_SCREEN_CARDS);
  return (
    <ul className="vehicle-grid" aria-label={label}>
      {shown.map((vehicle, index) => (
        <li key={vehicle.id} className="vehicle-grid__item" {...(index < FIRST_SCREEN_CARDS ? {} : SNAPSHOT_OMIT)}>
          {renderCard(vehicle, index)}
        </li>
      ))}
    </ul>
  );
}

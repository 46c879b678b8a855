import type { ReactNode } from 'react';
import '../vehicles.css';

interface VehicleGridProps<T extends { id: number }> {
  /** Names the list for screen readers, e.g. "Available vehicles". */
  label: string;
  vehicles: readonly T[];
  renderCard: (vehicle: T, index: number) => ReactNode;
}

/** One, two or three columns of cards by the width available. */
export function VehicleGrid<T extends { id: number }>({ label, vehicles, renderCard }: VehicleGridProps<T>) {
  return (
    <ul className="vehicle-grid" aria-label={label}>
      {vehicles.map((vehicle, index) => (
        <li key={vehicle.id} className="vehicle-grid__item">
          {renderCard(vehicle, index)}
        </li>
      ))}
    </ul>
  );
}

/** The cards of the first row on the widest grid: their photos load at once, the others lazily. */
export const EAGER_CARDS = 3;

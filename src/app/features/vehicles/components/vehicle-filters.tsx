import { useId, type ReactNode } from 'react';
import type { OwnershipFilter, VehicleFilter } from '../filter-vehicles.ts';
import '../vehicles.css';

interface VehicleFiltersProps {
  value: VehicleFilter;
  onChange: (next: VehicleFilter) => void;
  /** More fields after these (the public browse's category). */
  children?: ReactNode;
}

const OWNERSHIP_OPTIONS: { value: OwnershipFilter; label: string }[] = [
  { value: 'all', label: 'All Ownerships' },
  { value: 'company', label: 'Company-owned' },
  { value: 'private', label: 'Privately-owned' },
];

const isOwnershipFilter = (value: string): value is OwnershipFilter =>
  OWNERSHIP_OPTIONS.some((option) => option.value === value);

/** The search box and the ownership filter of every vehicle grid; filtering happens on the cached list. */
export function VehicleFilters({ value, onChange, children }: VehicleFiltersProps) {
  const searchId = useId();
  const ownershipId = useId();
  return (
    <search className="vehicle-filters">
      <div className="vehicle-filters__field vehicle-filters__field--search">
        <label className="vehicle-filters__label" htmlFor={searchId}>
          Search
        </label>
        <div className="vehicle-filters__search">
          <svg className="vehicle-filters__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="11" cy="11" r="7" />
            <path d="M20 20l-4-4" />
          </svg>
          <input
            id={searchId}
            className="vehicle-filters__input"
            type="search"
            placeholder="Search by make, model or color"
            aria-label="Search by make, model or color"
            autoComplete="off"
            spellCheck={false}
            value={value.search}
            onChange={(event) => onChange({ ...value, search: event.target.value })}
          />
        </div>
      </div>
      <div className="vehicle-filters__field">
        <label className="vehicle-filters__label" htmlFor={ownershipId}>
          Ownership
        </label>
        <select
          id={ownershipId}
          className="vehicle-filters__select"
          value={value.ownership}
          onChange={(event) => {
            if (isOwnershipFilter(event.target.value)) onChange({ ...value, ownership: event.target.value });
          }}
        >
          {OWNERSHIP_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {children}
    </search>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useMemo } from 'react';
import { categorySearch } from '#app/lib/search-params';
import type { VehicleSummary } from '../types.ts';
import { publicCategoriesQueryOptions, vehiclesInCategoryQueryOptions } from './public-categories.ts';

export interface CategoryFilterProps {
  /** The category chosen (the address's `?category=`), or undefined for all. */
  value: string | undefined;
  /** The cached list: its categories stand in for the server's names until (or unless) they come. */
  vehicles: readonly Pick<VehicleSummary, 'category'>[];
  /** What the server lists in the chosen category: its name and the ids, once it has answered. */
  onMatches: (matches: { category: string; ids: ReadonlySet<number> } | null) => void;
}

/** The names once each whatever their case, by name: the first spelling met stands for the others. */
function distinctNames(names: Iterable<string>): string[] {
  const byKey = new Map<string, string>();
  for (const name of names) if (!byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

/**
 * "Category" on the landing and the customer browse: All categories, then each name on offer
 * (GET public-vehicle-categories/, which groups the agencies' own lists by name, whatever the case).
 * A choice asks GET public-vehicles/?category= which vehicles it holds; until it answers, or
 * offline without an answer kept, the browse matches the cached list's category names, which is
 * the same rule. Loaded after the first paint (decision 039), so `/` carries only its slot.
 */
export function CategoryFilter({ value, vehicles, onMatches }: CategoryFilterProps) {
  const id = useId();
  const navigate = useNavigate();
  const categories = useQuery(publicCategoriesQueryOptions());
  const matches = useQuery({ ...vehiclesInCategoryQueryOptions(value ?? ''), enabled: value !== undefined });
  const ids = matches.data;
  useEffect(() => {
    onMatches(value !== undefined && ids ? { category: value, ids: new Set(ids) } : null);
  }, [value, ids, onMatches]);

  const offered = categories.data;
  const names = useMemo(() => {
    const known = offered ?? vehicles.flatMap((vehicle) => (vehicle.category ? [vehicle.category] : []));
    // A name from a link that is no longer on offer stays choosable, so the select says what is shown.
    return distinctNames(value === undefined ? known : [...known, value]);
  }, [offered, vehicles, value]);
  const selected = names.find((name) => name.toLowerCase() === value?.toLowerCase()) ?? '';

  return (
    <>
      <label className="vehicle-filters__label" htmlFor={id}>
        Category
      </label>
      <select
        id={id}
        className="vehicle-filters__select"
        value={selected}
        // Into the address like the staff lists' filters: a shared link or a reload keeps it.
        onChange={(event) =>
          void navigate({ to: '.', search: categorySearch({ category: event.target.value }), replace: true })
        }
      >
        <option value="">All categories</option>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </>
  );
}

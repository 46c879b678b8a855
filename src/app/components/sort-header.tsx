export type SortDirection = 'asc' | 'desc';

/** A list's order as the server takes it: `name` ascending, `-name` descending. */
export interface SortState<F extends string> {
  field: F;
  direction: SortDirection;
}

/** `{field: 'name', direction: 'desc'}` → `-name`, the `ordering` query parameter. */
export function orderingParam<F extends string>(sort: SortState<F>): string {
  return sort.direction === 'desc' ? `-${sort.field}` : sort.field;
}

/** Pressing a header sorts by it ascending; pressing it again reverses the order. */
export function toggleSort<F extends string>(current: SortState<F>, field: F): SortState<F> {
  if (current.field !== field) return { field, direction: 'asc' };
  return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

interface SortHeaderProps<F extends string> {
  field: F;
  label: string;
  sort: SortState<F>;
  onSort: (next: SortState<F>) => void;
}

/** A `<th>` whose button toggles the order; `aria-sort` tells screen readers the current one. */
export function SortHeader<F extends string>({ field, label, sort, onSort }: SortHeaderProps<F>) {
  const active = sort.field === field;
  const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button type="button" className="sort-header" onClick={() => onSort(toggleSort(sort, field))}>
        {label}
        <span className="sort-header__arrow" aria-hidden="true">
          {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

import { describe, expect, it } from 'vitest';
import { filterVehicles, inCategory, NO_FILTER } from './filter-vehicles.ts';

const fleet = [
  { id: 1, make: 'Toyota', model: 'Yaris', color: 'Navy', ownership: 'company' as const },
  { id: 2, make: 'Toyota', model: 'RAV4', color: 'White', ownership: 'private' as const },
  { id: 3, make: 'Ford', model: 'Fiesta', color: 'Grey', ownership: 'company' as const },
  { id: 4, make: 'Kia', model: 'Sportage', color: 'white', ownership: 'private' as const },
];

const ids = (found: { id: number }[]) => found.map((vehicle) => vehicle.id);

describe('filterVehicles', () => {
  it('keeps everything without a filter, in the given order', () => {
    expect(ids(filterVehicles(fleet, NO_FILTER))).toEqual([1, 2, 3, 4]);
  });

  it('searches the make, the model and the colour, ignoring case', () => {
    expect(ids(filterVehicles(fleet, { ...NO_FILTER, search: 'TOYOTA' }))).toEqual([1, 2]);
    expect(ids(filterVehicles(fleet, { ...NO_FILTER, search: 'fiesta' }))).toEqual([3]);
    expect(ids(filterVehicles(fleet, { ...NO_FILTER, search: 'White' }))).toEqual([2, 4]);
  });

  it('matches part of a word and ignores surrounding spaces', () => {
    expect(ids(filterVehicles(fleet, { ...NO_FILTER, search: '  rav ' }))).toEqual([2]);
  });

  it('finds a vehicle by its make and model together', () => {
    expect(ids(filterVehicles(fleet, { ...NO_FILTER, search: 'toyota yaris' }))).toEqual([1]);
  });

  it('filters by ownership', () => {
    expect(ids(filterVehicles(fleet, { ...NO_FILTER, ownership: 'company' }))).toEqual([1, 3]);
    expect(ids(filterVehicles(fleet, { ...NO_FILTER, ownership: 'private' }))).toEqual([2, 4]);
  });

  it('combines the search and the ownership', () => {
    expect(ids(filterVehicles(fleet, { search: 'toyota', ownership: 'private' }))).toEqual([2]);
  });

  it('finds nothing for a search that matches no field', () => {
    expect(filterVehicles(fleet, { ...NO_FILTER, search: 'zzqx' })).toEqual([]);
  });

  it('does not search other fields', () => {
    expect(filterVehicles(fleet, { ...NO_FILTER, search: 'company' })).toEqual([]);
  });
});

describe('inCategory', () => {
  it('matches the category name whatever its case, and never a vehicle without one', () => {
    expect(inCategory({ category: 'SUV' }, 'suv')).toBe(true);
    expect(inCategory({ category: 'Economy' }, 'Compact')).toBe(false);
    expect(inCategory({ category: null }, 'SUV')).toBe(false);
    expect(inCategory({}, 'SUV')).toBe(false);
  });
});

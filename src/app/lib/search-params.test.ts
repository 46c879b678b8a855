import { describe, expect, it } from 'vitest';
import { categorySearch } from './search-params.ts';

describe('categorySearch', () => {
  it('keeps a category name and leaves out anything else, so `/` without one stays `/`', () => {
    expect(categorySearch({ category: 'Economy' })).toEqual({ category: 'Economy' });
    expect(categorySearch({ category: '' })).toEqual({});
    expect(categorySearch({ category: 42 })).toEqual({});
    expect(categorySearch({ other: 'x' })).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { categoryEntryPath, categoryPath, dropdownPage, dropdownPageCount } from './categories.ts';
import { safeBackPath } from './play.ts';

describe('vendor dropdown paging (21 then 18)', () => {
  const vendors = Array.from({ length: 60 }, (_, i) => i);

  it('counts pages', () => {
    expect(dropdownPageCount(0)).toBe(1);
    expect(dropdownPageCount(21)).toBe(1);
    expect(dropdownPageCount(22)).toBe(2);
    expect(dropdownPageCount(39)).toBe(2);
    expect(dropdownPageCount(40)).toBe(3);
  });

  it('slices 21 on the first page and 18 after', () => {
    expect(dropdownPage(vendors, 1)).toEqual(vendors.slice(0, 21));
    expect(dropdownPage(vendors, 2)).toEqual(vendors.slice(21, 39));
    expect(dropdownPage(vendors, 3)).toEqual(vendors.slice(39, 57));
    expect(dropdownPage(vendors, 4)).toEqual(vendors.slice(57, 60));
  });
});

describe('category pages', () => {
  it('opens each category, optionally on a vendor tab', () => {
    expect(categoryPath('RNG', 'HOUSE')).toBe('/rng?page=HOUSE');
    expect(categoryPath('LIVE')).toBe('/live');
    expect(categoryPath('ESPORTS', 'X')).toBe('/sports?page=X');
    expect(categoryPath('FISH', 'F')).toBe('/fish?page=F');
    expect(categoryPath('LOTT', 'T')).toBe('/lottery');
  });

  it('starts each lottery entry on its page, and the lottery categories on SEA 4D when listed', () => {
    expect(categoryPath('LOTT', 'TCG_SEA')).toBe('/seaLottery');
    expect(categoryPath('ELOTT', 'TCG_LOTTO_VN')).toBe('/vnlottery');
    expect(categoryPath('LOTT', 'ELOTT')).toBe('/lottery');
    expect(categoryPath('ELOTT', 'LOTT')).toBe('/lottery');
    expect(categoryPath('ELOTT')).toBe('/elott');
    const menu = [{ vassalage: 'ELOTT' }, { vassalage: 'TCG_SEA' }];
    expect(categoryEntryPath('LOTT', menu)).toBe('/seaLottery');
    expect(categoryEntryPath('ELOTT', menu)).toBe('/seaLottery');
    expect(categoryEntryPath('LOTT', [{ vassalage: 'ELOTT' }])).toBe('/lottery');
    expect(categoryEntryPath('ELOTT', [])).toBe('/elott');
    // Only the lottery categories: a vendor code TCG_SEA elsewhere changes nothing.
    expect(categoryEntryPath('RNG', menu)).toBe('/rng');
  });
});

describe('safeBackPath', () => {
  it('goes back inside the site only', () => {
    expect(safeBackPath('/rng?page=HOUSE')).toBe('/rng?page=HOUSE');
    expect(safeBackPath('https://evil.test/')).toBe('/index');
    expect(safeBackPath('//evil.test/')).toBe('/index');
    expect(safeBackPath('/\\evil.test/')).toBe('/index');
    expect(safeBackPath('/game?vendor=A&game=b')).toBe('/index');
    expect(safeBackPath(null)).toBe('/index');
  });
});

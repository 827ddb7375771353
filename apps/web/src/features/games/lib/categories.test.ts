import { describe, expect, it } from 'vitest';
import { dropdownPage, dropdownPageCount } from './categories.ts';
import { allowedGameUrl } from './game-url.ts';

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

describe('allowedGameUrl', () => {
  it('frames only https URLs on a launch CDN', () => {
    expect(allowedGameUrl('https://games.cdn.test/play?x=1', ['games.cdn.test'])).toBe(
      'https://games.cdn.test/play?x=1',
    );
    expect(allowedGameUrl('https://evil.test/play', ['games.cdn.test'])).toBeNull();
    expect(allowedGameUrl('http://games.cdn.test/play', ['https://games.cdn.test'])).toBeNull();
    expect(allowedGameUrl('javascript:alert(1)', ['games.cdn.test'])).toBeNull();
    expect(allowedGameUrl(null, ['games.cdn.test'])).toBeNull();
  });
});

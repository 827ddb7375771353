/**
 * Values of the system calls without any schema: the member site's first load imports these, and a
 * schema module would bring TypeBox's builder with it (system.ts re-exports them).
 */

/** Game categories, in the vocabulary of spec §3 and wire-protocol.md. */
export const GAME_CATEGORIES = ['LIVE', 'SPORTS', 'RNG', 'FISH', 'PVP', 'ESPORTS', 'LOTT', 'ELOTT'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** 0 normal, 1 maintenance page, 2 region-restriction page (spec §4). */
export const SYSTEM_STATUS = { normal: 0, maintenance: 1, regionRestricted: 2 } as const;

/** The static pages the footer always links to (spec §2), as help-article slugs. */
export const STATIC_PAGES = [
  'about',
  'contact',
  'terms',
  'responsible-gaming',
  'privacy',
  'affiliates',
  'refund',
] as const;

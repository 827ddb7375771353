import type { Executor } from '../../db/executor.ts';

/** The member info's clubLabel (wire-protocol.md): the VIP level's name and the rank level. */
export type ClubLabel = { labelName: string; rankLevel: number };

export type ClubLabelProvider = (
  db: Executor,
  brandId: string,
  memberId: string,
  language: string,
) => Promise<ClubLabel>;

/** Without a provider (no VIP domain loaded) every member shows the bottom rank. */
export const DEFAULT_CLUB_LABEL: ClubLabel = { labelName: 'VIP0', rankLevel: 0 };

let provider: ClubLabelProvider | null = null;

/**
 * Published for the vip domain, which owns the levels: the members domain cannot import it (vip reads
 * lottery and wallet, which read members: a domain cycle), so vip registers its read here when its
 * module loads, as referrals register a registration hook. The last registration wins.
 */
export function provideClubLabel(read: ClubLabelProvider): void {
  provider = read;
}

export function clubLabelOf(
  db: Executor,
  brandId: string,
  memberId: string,
  language: string,
): Promise<ClubLabel> {
  return provider ? provider(db, brandId, memberId, language) : Promise.resolve(DEFAULT_CLUB_LABEL);
}

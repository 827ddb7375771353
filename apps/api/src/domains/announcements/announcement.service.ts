import type { BannerGroup } from '@lotus/contracts/content';
import type { SupportedLanguage } from '@lotus/contracts/languages';
import type { Announcement, AnnouncementType, Execution, NoticeBundle } from '@lotus/contracts/system';
import { ANNOUNCEMENT_TYPES } from '@lotus/contracts/system';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { pickText } from '../../lib/localised.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { type AnnouncementRow, listAnnouncements, listBanners } from './announcement.repository.ts';

export type AnnouncementQuery = {
  types: string | undefined;
  platform: string;
  execution: Execution;
  /** Whether the caller presented a valid session token (A and F need one). */
  member: boolean;
  /** Whether the caller is an agent (G, the agents' announcements, needs one). */
  agent?: boolean;
  /** The banner group of the notice bundle (home when absent). */
  bannerGroup?: BannerGroup;
};

/** `B,PL,PU` -> the listed types (already pattern-checked by the route schema), B when absent. */
export function parseTypes(types: string | undefined): AnnouncementType[] {
  if (!types) return ['B'];
  const listed = new Set(types.split(','));
  return ANNOUNCEMENT_TYPES.filter((t) => listed.has(t));
}

/**
 * Anonymous visitors see execution B only; A (members) and F (first login) need a member token,
 * G (agents) an agent's.
 */
function assertAudience(query: AnnouncementQuery) {
  if (query.execution !== 'B' && !query.member) throw new AppError('CUSTOMER_NOT_LOGIN');
  if (query.execution === 'G' && !query.agent) throw new AppError('error_not_agent');
}

function present(row: AnnouncementRow, language: SupportedLanguage): Announcement {
  return {
    id: row.id,
    type: row.type,
    title: pickText(row.title, language),
    content: sanitizeRichText(pickText(row.content, language)),
    execution: row.execution,
    promotionType: row.promotionType,
    timestamp: row.publishedAt.getTime(),
  };
}

/** The popup list of the announcements relay call: every requested type for the audience. */
export async function announcementList(
  db: Db,
  brandId: string,
  query: AnnouncementQuery,
  language: SupportedLanguage,
): Promise<Announcement[]> {
  assertAudience(query);
  const rows = await listAnnouncements(db, brandId, {
    types: parseTypes(query.types),
    execution: query.execution,
    platform: query.platform,
  });
  return rows.map((r) => present(r, language));
}

/**
 * The home page bundle: `player` = bulletins (B) and player notices (PL) for the scrolling bar and
 * the notice page, `popup` = PU, `promotion` = PR, `banners` = the brand's active banners of the
 * group asked (home by default, w_reg for the login and register modals). Only the
 * requested types are filled.
 */
export async function noticeBundle(
  db: Db,
  brandId: string,
  query: AnnouncementQuery,
  language: SupportedLanguage,
): Promise<NoticeBundle> {
  assertAudience(query);
  const types = parseTypes(query.types);
  const [rows, banners] = await Promise.all([
    listAnnouncements(db, brandId, { types, execution: query.execution, platform: query.platform }),
    listBanners(db, brandId, query.bannerGroup ?? 'home'),
  ]);
  const items = rows.map((r) => present(r, language));
  return {
    player: items.filter((a) => a.type === 'B' || a.type === 'PL'),
    banners: banners.map((b) => ({
      id: b.id,
      imageUrl: b.imageUrl,
      link: b.link,
      title: pickText(b.title, language),
    })),
    popup: items.filter((a) => a.type === 'PU'),
    promotion: items.filter((a) => a.type === 'PR'),
  };
}

import type { AnnouncementType, Execution } from '@lotus/contracts/system';
import type { Db } from '../../db/database.ts';
import type { LocalisedText } from '../../lib/localised.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';

export type AnnouncementRow = {
  id: string;
  type: AnnouncementType;
  execution: Execution;
  promotionType: string | null;
  title: LocalisedText;
  content: LocalisedText;
  publishedAt: Date;
};

export type AnnouncementFilter = {
  types: readonly AnnouncementType[];
  execution: Execution;
  platform: string;
};

/** Active announcements of one brand for an audience (execution) and platform, newest rank first. */
export async function listAnnouncements(
  db: Db,
  brandId: string,
  filter: AnnouncementFilter,
): Promise<AnnouncementRow[]> {
  if (filter.types.length === 0) return [];
  const rows = await db
    .selectFrom('announcements')
    .select([
      'id',
      'type',
      'execution',
      'promotion_type',
      'title_en',
      'title_ms',
      'title_cn',
      'content_en',
      'content_ms',
      'content_cn',
      'published_at',
    ])
    .where('brand_id', '=', brandId)
    .where('active', '=', true)
    .where('execution', '=', filter.execution)
    .where('platform', '=', filter.platform)
    .where('type', 'in', [...filter.types])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type as AnnouncementType,
    execution: r.execution as Execution,
    promotionType: r.promotion_type,
    title: { en: r.title_en, ms: r.title_ms, cn: r.title_cn },
    content: { en: r.content_en, ms: r.content_ms, cn: r.content_cn },
    publishedAt: r.published_at,
  }));
}

export type NewAnnouncement = {
  type: AnnouncementType;
  execution: Execution;
  promotionType?: string | null;
  title: LocalisedText;
  content: LocalisedText;
  publishedAt?: Date;
};

/** Writes announcements; HTML is sanitised on the way in. */
export async function insertAnnouncements(db: Db, brandId: string, items: NewAnnouncement[]): Promise<void> {
  if (items.length === 0) return;
  await db
    .insertInto('announcements')
    .values(
      items.map((a, i) => ({
        brand_id: brandId,
        type: a.type,
        execution: a.execution,
        platform: 'W',
        promotion_type: a.promotionType ?? null,
        title_en: a.title.en,
        title_ms: a.title.ms,
        title_cn: a.title.cn,
        content_en: sanitizeRichText(a.content.en),
        content_ms: sanitizeRichText(a.content.ms),
        content_cn: sanitizeRichText(a.content.cn),
        sort_order: i,
        ...(a.publishedAt ? { published_at: a.publishedAt } : {}),
      })),
    )
    .execute();
}

export type BannerRow = { id: string; imageUrl: string; link: string; title: LocalisedText };

export async function listBanners(db: Db, brandId: string): Promise<BannerRow[]> {
  const rows = await db
    .selectFrom('banners')
    .select(['id', 'image_url', 'link', 'title_en', 'title_ms', 'title_cn'])
    .where('brand_id', '=', brandId)
    .where('active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    imageUrl: r.image_url,
    link: r.link,
    title: { en: r.title_en, ms: r.title_ms, cn: r.title_cn },
  }));
}

export type NewBanner = { imageUrl: string; link: string; title: LocalisedText };

export async function insertBanners(db: Db, brandId: string, banners: NewBanner[]): Promise<void> {
  if (banners.length === 0) return;
  await db
    .insertInto('banners')
    .values(
      banners.map((b, i) => ({
        brand_id: brandId,
        image_url: b.imageUrl,
        link: b.link,
        title_en: b.title.en,
        title_ms: b.title.ms,
        title_cn: b.title.cn,
        sort_order: i,
      })),
    )
    .execute();
}

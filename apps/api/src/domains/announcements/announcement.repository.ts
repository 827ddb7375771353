import type { BannerGroup } from '@lotus/contracts/content';
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

export async function listBanners(
  db: Db,
  brandId: string,
  group: BannerGroup = 'home',
): Promise<BannerRow[]> {
  const rows = await db
    .selectFrom('banners')
    .select(['id', 'image_url', 'link', 'title_en', 'title_ms', 'title_cn'])
    .where('brand_id', '=', brandId)
    .where('banner_group', '=', group)
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

export type NewBanner = { imageUrl: string; link: string; title: LocalisedText; group?: BannerGroup };

export async function insertBanners(db: Db, brandId: string, banners: NewBanner[]): Promise<void> {
  if (banners.length === 0) return;
  await db
    .insertInto('banners')
    .values(
      banners.map((b, i) => ({
        brand_id: brandId,
        banner_group: b.group ?? 'home',
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

// ---- back office (issue 24): every row of the brand, active or not, and its changes ----

export type StoredAnnouncement = AnnouncementRow & { sortOrder: number; active: boolean };

const announcementColumns = [
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
  'sort_order',
  'active',
] as const;

type AnnouncementSelect = {
  id: string;
  type: string;
  execution: string;
  promotion_type: string | null;
  title_en: string;
  title_ms: string;
  title_cn: string;
  content_en: string;
  content_ms: string;
  content_cn: string;
  published_at: Date;
  sort_order: number;
  active: boolean;
};

function storedAnnouncement(r: AnnouncementSelect): StoredAnnouncement {
  return {
    id: r.id,
    type: r.type as AnnouncementType,
    execution: r.execution as Execution,
    promotionType: r.promotion_type,
    title: { en: r.title_en, ms: r.title_ms, cn: r.title_cn },
    content: { en: r.content_en, ms: r.content_ms, cn: r.content_cn },
    publishedAt: r.published_at,
    sortOrder: r.sort_order,
    active: r.active,
  };
}

export async function listAllAnnouncements(db: Db, brandId: string): Promise<StoredAnnouncement[]> {
  const rows = await db
    .selectFrom('announcements')
    .select(announcementColumns)
    .where('brand_id', '=', brandId)
    .orderBy('type')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map(storedAnnouncement);
}

export async function findAnnouncement(
  db: Db,
  brandId: string,
  id: string,
): Promise<StoredAnnouncement | null> {
  const row = await db
    .selectFrom('announcements')
    .select(announcementColumns)
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? storedAnnouncement(row) : null;
}

export type AnnouncementValues = {
  type: AnnouncementType;
  execution: Execution;
  promotionType: string | null;
  title: LocalisedText;
  content: LocalisedText;
  sortOrder: number;
  active: boolean;
};

function announcementRow(v: AnnouncementValues) {
  return {
    type: v.type,
    execution: v.execution,
    promotion_type: v.promotionType,
    title_en: v.title.en,
    title_ms: v.title.ms,
    title_cn: v.title.cn,
    content_en: sanitizeRichText(v.content.en),
    content_ms: sanitizeRichText(v.content.ms),
    content_cn: sanitizeRichText(v.content.cn),
    sort_order: v.sortOrder,
    active: v.active,
  };
}

export async function createAnnouncement(
  db: Db,
  brandId: string,
  values: AnnouncementValues,
): Promise<string> {
  const row = await db
    .insertInto('announcements')
    .values({ brand_id: brandId, platform: 'W', ...announcementRow(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes one announcement of the brand; false when the brand has no such row. */
export async function updateAnnouncement(
  db: Db,
  brandId: string,
  id: string,
  values: AnnouncementValues,
): Promise<boolean> {
  const result = await db
    .updateTable('announcements')
    .set(announcementRow(values))
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deleteAnnouncement(db: Db, brandId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('announcements')
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export type StoredBanner = {
  id: string;
  group: BannerGroup;
  imageUrl: string;
  link: string;
  title: LocalisedText;
  sortOrder: number;
  active: boolean;
};

const bannerColumns = [
  'id',
  'banner_group',
  'image_url',
  'link',
  'title_en',
  'title_ms',
  'title_cn',
  'sort_order',
  'active',
] as const;

function storedBanner(r: {
  id: string;
  banner_group: string;
  image_url: string;
  link: string;
  title_en: string;
  title_ms: string;
  title_cn: string;
  sort_order: number;
  active: boolean;
}): StoredBanner {
  return {
    id: r.id,
    group: r.banner_group as BannerGroup,
    imageUrl: r.image_url,
    link: r.link,
    title: { en: r.title_en, ms: r.title_ms, cn: r.title_cn },
    sortOrder: r.sort_order,
    active: r.active,
  };
}

export async function listAllBanners(db: Db, brandId: string): Promise<StoredBanner[]> {
  const rows = await db
    .selectFrom('banners')
    .select(bannerColumns)
    .where('brand_id', '=', brandId)
    .orderBy('banner_group')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map(storedBanner);
}

export async function findBanner(db: Db, brandId: string, id: string): Promise<StoredBanner | null> {
  const row = await db
    .selectFrom('banners')
    .select(bannerColumns)
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? storedBanner(row) : null;
}

export type BannerValues = Omit<StoredBanner, 'id'>;

function bannerRow(v: BannerValues) {
  return {
    banner_group: v.group,
    image_url: v.imageUrl,
    link: v.link,
    title_en: v.title.en,
    title_ms: v.title.ms,
    title_cn: v.title.cn,
    sort_order: v.sortOrder,
    active: v.active,
  };
}

export async function createBanner(db: Db, brandId: string, values: BannerValues): Promise<string> {
  const row = await db
    .insertInto('banners')
    .values({ brand_id: brandId, ...bannerRow(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBanner(
  db: Db,
  brandId: string,
  id: string,
  values: BannerValues,
): Promise<boolean> {
  const result = await db
    .updateTable('banners')
    .set(bannerRow(values))
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deleteBanner(db: Db, brandId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('banners')
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

import type {
  AnnouncementBody,
  BannerBody,
  ContentAnnouncement,
  ContentBanner,
} from '@lotus/contracts/content';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { invalidateDbCaches } from '../../lib/db-cache.ts';
import { type AuditOperator, auditChange } from '../operators/audit.service.ts';
import {
  createAnnouncement,
  createBanner,
  deleteAnnouncement,
  deleteBanner,
  findAnnouncement,
  findBanner,
  listAllAnnouncements,
  listAllBanners,
  type StoredAnnouncement,
  type StoredBanner,
  updateAnnouncement,
  updateBanner,
} from './announcement.repository.ts';

/**
 * The back office's announcements and banners (issue 24). Every change commits with its audit row;
 * the member site reads these tables without a cache, and the shared caches are cleared anyway so
 * whatever a later change caches (in this or another process, through Redis) starts fresh.
 */
function announcementView(a: StoredAnnouncement): ContentAnnouncement {
  return {
    id: a.id,
    type: a.type,
    execution: a.execution,
    promotionType: a.promotionType,
    title: a.title,
    content: a.content,
    sortOrder: a.sortOrder,
    active: a.active,
    publishedAt: a.publishedAt.toISOString(),
  };
}

function bannerView(b: StoredBanner): ContentBanner {
  return { ...b };
}

const trimmed = (t: { en: string; ms: string; cn: string }) => ({
  en: t.en.trim(),
  ms: t.ms.trim(),
  cn: t.cn.trim(),
});

function emptyEnglish(field: string): never {
  throw new AppError('request_param_err', { fieldErrors: { [`${field}.en`]: 'errors.request_param_err' } });
}

function announcementValues(body: AnnouncementBody) {
  const title = trimmed(body.title);
  if (title.en === '') emptyEnglish('title');
  if (body.content.en.trim() === '') emptyEnglish('content');
  return {
    type: body.type,
    execution: body.execution,
    promotionType: body.promotionType,
    title,
    content: body.content,
    sortOrder: body.sortOrder,
    active: body.active,
  };
}

export async function announcementsForOperator(db: Db, brandId: string): Promise<ContentAnnouncement[]> {
  return (await listAllAnnouncements(db, brandId)).map(announcementView);
}

export async function addAnnouncement(
  db: Db,
  operator: AuditOperator,
  body: AnnouncementBody,
): Promise<ContentAnnouncement> {
  const values = announcementValues(body);
  const created = await db.transaction().execute(async (trx) => {
    const id = await createAnnouncement(trx, operator.brandId, values);
    const stored = await findAnnouncement(trx, operator.brandId, id);
    if (!stored) throw new AppError('content_not_found');
    const view = announcementView(stored);
    await auditChange(trx, operator, 'content.announcement.create', { type: 'announcement', id }, null, view);
    return view;
  });
  await invalidateDbCaches(db);
  return created;
}

export async function changeAnnouncement(
  db: Db,
  operator: AuditOperator,
  id: string,
  body: AnnouncementBody,
): Promise<ContentAnnouncement> {
  const values = announcementValues(body);
  const changed = await db.transaction().execute(async (trx) => {
    const before = await findAnnouncement(trx, operator.brandId, id);
    if (!before || !(await updateAnnouncement(trx, operator.brandId, id, values))) {
      throw new AppError('content_not_found');
    }
    const after = await findAnnouncement(trx, operator.brandId, id);
    if (!after) throw new AppError('content_not_found');
    const view = announcementView(after);
    await auditChange(
      trx,
      operator,
      'content.announcement.update',
      { type: 'announcement', id },
      announcementView(before),
      view,
    );
    return view;
  });
  await invalidateDbCaches(db);
  return changed;
}

export async function removeAnnouncement(
  db: Db,
  operator: AuditOperator,
  id: string,
): Promise<{ id: string }> {
  await db.transaction().execute(async (trx) => {
    const before = await findAnnouncement(trx, operator.brandId, id);
    if (!before || !(await deleteAnnouncement(trx, operator.brandId, id)))
      throw new AppError('content_not_found');
    await auditChange(
      trx,
      operator,
      'content.announcement.delete',
      { type: 'announcement', id },
      announcementView(before),
      null,
    );
  });
  await invalidateDbCaches(db);
  return { id };
}

function bannerValues(body: BannerBody) {
  const title = trimmed(body.title);
  if (title.en === '') emptyEnglish('title');
  return {
    group: body.group,
    imageUrl: body.imageUrl,
    link: body.link,
    title,
    sortOrder: body.sortOrder,
    active: body.active,
  };
}

export async function bannersForOperator(db: Db, brandId: string): Promise<ContentBanner[]> {
  return (await listAllBanners(db, brandId)).map(bannerView);
}

export async function addBanner(db: Db, operator: AuditOperator, body: BannerBody): Promise<ContentBanner> {
  const values = bannerValues(body);
  const created = await db.transaction().execute(async (trx) => {
    const id = await createBanner(trx, operator.brandId, values);
    const view = { id, ...values };
    await auditChange(trx, operator, 'content.banner.create', { type: 'banner', id }, null, view);
    return view;
  });
  await invalidateDbCaches(db);
  return created;
}

export async function changeBanner(
  db: Db,
  operator: AuditOperator,
  id: string,
  body: BannerBody,
): Promise<ContentBanner> {
  const values = bannerValues(body);
  const changed = await db.transaction().execute(async (trx) => {
    const before = await findBanner(trx, operator.brandId, id);
    if (!before || !(await updateBanner(trx, operator.brandId, id, values)))
      throw new AppError('content_not_found');
    const view = { id, ...values };
    await auditChange(
      trx,
      operator,
      'content.banner.update',
      { type: 'banner', id },
      bannerView(before),
      view,
    );
    return view;
  });
  await invalidateDbCaches(db);
  return changed;
}

export async function removeBanner(db: Db, operator: AuditOperator, id: string): Promise<{ id: string }> {
  await db.transaction().execute(async (trx) => {
    const before = await findBanner(trx, operator.brandId, id);
    if (!before || !(await deleteBanner(trx, operator.brandId, id))) throw new AppError('content_not_found');
    await auditChange(
      trx,
      operator,
      'content.banner.delete',
      { type: 'banner', id },
      bannerView(before),
      null,
    );
  });
  await invalidateDbCaches(db);
  return { id };
}

import type { FooterLink, FooterLinksBody } from '@lotus/contracts/content';
import type { Db } from '../../db/database.ts';
import type { MenuLinkRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { invalidateDbCaches } from '../../lib/db-cache.ts';
import { findBrandByMerchantCode } from '../brands/brand.service.ts';
import { updateBrandSettings } from '../brands/brand-settings.ts';
import { type AuditOperator, auditChange } from '../operators/audit.service.ts';

const linkOf = (row: MenuLinkRow): FooterLink => ({
  key: row.key,
  path: row.path,
  label: { en: row.labelEn, ms: row.labelMs, cn: row.labelCn },
});

/** The brand's footer links as stored now (never the request's cached brand). */
export async function footerLinks(db: Db, merchantCode: string): Promise<FooterLink[]> {
  const brand = await findBrandByMerchantCode(db, merchantCode);
  if (!brand) throw new AppError('content_not_found');
  return brand.footerLinks.map(linkOf);
}

/**
 * Replaces the footer's links (issue 24) with its audit row in one transaction; keys are unique,
 * EN labels required (MS and CN fall back to EN on the site); labels are plain text, paths a path
 * of the site or an http(s) address (the contract's pattern: no `javascript:`, quotes or spaces).
 * Every process's brand cache is cleared, so the site's footer shows the change at once.
 */
export async function saveFooterLinks(
  db: Db,
  operator: AuditOperator & { merchantCode: string },
  body: FooterLinksBody,
): Promise<FooterLink[]> {
  const keys = body.links.map((l) => l.key);
  if (new Set(keys).size !== keys.length) {
    throw new AppError('request_param_err', { fieldErrors: { links: 'errors.request_param_err' } });
  }
  const rows: MenuLinkRow[] = body.links.map((l, index) => {
    const en = l.label.en.trim();
    if (en === '') {
      throw new AppError('request_param_err', {
        fieldErrors: { [`links.${index}.label.en`]: 'errors.request_param_err' },
      });
    }
    return { key: l.key, path: l.path, labelEn: en, labelMs: l.label.ms.trim(), labelCn: l.label.cn.trim() };
  });
  const saved = await db.transaction().execute(async (trx) => {
    const before = await footerLinks(trx, operator.merchantCode);
    await updateBrandSettings(trx, operator.merchantCode, { footerLinks: rows });
    const after = await footerLinks(trx, operator.merchantCode);
    await auditChange(
      trx,
      operator,
      'content.footer_links',
      { type: 'brand', id: operator.brandId },
      { links: before },
      { links: after },
    );
    return after;
  });
  await invalidateDbCaches(db);
  return saved;
}

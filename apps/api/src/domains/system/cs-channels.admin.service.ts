import type { CsChannel, CsChannelsBody } from '@lotus/contracts/content';
import { CS_TYPES, type CsType } from '@lotus/contracts/system';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { invalidateDbCaches } from '../../lib/db-cache.ts';
import { type AuditOperator, auditChange } from '../operators/audit.service.ts';
import {
  type CustomerServiceResource,
  customerServiceResourcesNow,
  replaceCustomerServiceResources,
} from './customer-service.repository.ts';

const isCsType = (value: string): value is CsType => (CS_TYPES as readonly string[]).includes(value);

function channelOf(r: CustomerServiceResource & { csType: CsType }): CsChannel {
  return {
    csType: r.csType,
    url: r.url,
    qrCodeUrl: r.qrCodeUrl,
    label: { en: r.labelNameEn, ms: r.labelNameMs, cn: r.labelNameCn },
  };
}

export async function csChannels(db: Db, brandId: string): Promise<CsChannel[]> {
  return (await customerServiceResourcesNow(db, brandId))
    .filter((r): r is CustomerServiceResource & { csType: CsType } => isCsType(r.csType))
    .map(channelOf);
}

/**
 * Replaces the brand's customer-service channels (at most one of each type) with its audit row;
 * the channel caches of every process are cleared, so the right bar shows the change at once.
 */
export async function saveCsChannels(
  db: Db,
  operator: AuditOperator,
  body: CsChannelsBody,
): Promise<CsChannel[]> {
  const types = body.channels.map((c) => c.csType);
  if (new Set(types).size !== types.length) {
    throw new AppError('request_param_err', { fieldErrors: { channels: 'errors.request_param_err' } });
  }
  const resources = body.channels.map((c) => {
    const en = c.label.en.trim();
    if (en === '')
      throw new AppError('request_param_err', { fieldErrors: { 'label.en': 'errors.request_param_err' } });
    return {
      csType: c.csType,
      url: c.url,
      qrCodeUrl: c.qrCodeUrl,
      labelNameEn: en,
      labelNameMs: c.label.ms.trim(),
      labelNameCn: c.label.cn.trim(),
    };
  });
  const saved = await db.transaction().execute(async (trx) => {
    const before = await csChannels(trx, operator.brandId);
    await replaceCustomerServiceResources(trx, operator.brandId, resources);
    const after = await csChannels(trx, operator.brandId);
    await auditChange(
      trx,
      operator,
      'content.cs_channels',
      { type: 'brand', id: operator.brandId },
      { channels: before },
      { channels: after },
    );
    return after;
  });
  await invalidateDbCaches(db);
  return saved;
}

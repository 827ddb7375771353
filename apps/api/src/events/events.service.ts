import type { EventConsumersView } from '@lotus/contracts/backoffice';
import type { Db } from '../db/database.ts';
import { consumerLag, LAG_COUNT_CAP } from './feed.repository.ts';

/** Each consumer's cursor and how far it is behind in the brand's entries (the dashboard's lag). */
export async function consumersView(
  db: Db,
  brandId: string,
  now: Date = new Date(),
): Promise<EventConsumersView> {
  const rows = await consumerLag(db, brandId);
  return {
    consumers: rows.map((r) => {
      const behind = Number(r.behind);
      return {
        name: r.name,
        cursor: { txId: r.tx_id, entryId: r.last_entry_id },
        entriesBehind: Math.min(behind, LAG_COUNT_CAP),
        entriesBehindCapped: behind > LAG_COUNT_CAP,
        secondsBehind: r.oldest_pending
          ? Math.max(0, Math.floor((now.getTime() - r.oldest_pending.getTime()) / 1000))
          : 0,
        updatedAt: r.updated_at.toISOString(),
        lastError: r.last_error,
      };
    }),
  };
}

import type { AffiliateContact, AffiliateStatus } from '@lotus/contracts/agents';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { pageNewestFirst } from '../../db/paging.ts';
import {
  containsPattern,
  type QueueTransition,
  type SubmissionRow,
  transitionSubmission,
} from '../../lib/review-queue.ts';

export type NewAffiliateApplication = {
  brandId: string;
  memberId: string | null;
  name: string;
  contacts: AffiliateContact[];
  sites: string[];
  monthlyPlayers: number;
  message: string;
  language: string;
  clientIp: string;
};

export type AffiliateApplicationRow = SubmissionRow<AffiliateStatus> & {
  contacts: AffiliateContact[];
  sites: string[];
  monthlyPlayers: number;
};

export type AffiliateFilter = { status?: AffiliateStatus; search?: string; from?: Date; toExclusive?: Date };

export async function insertApplication(db: Executor, application: NewAffiliateApplication) {
  return db
    .insertInto('affiliate_applications')
    .values({
      brand_id: application.brandId,
      member_id: application.memberId,
      name: application.name,
      contacts: JSON.stringify(application.contacts),
      sites: JSON.stringify(application.sites),
      monthly_players: application.monthlyPlayers,
      message: application.message,
      language: application.language,
      client_ip: application.clientIp,
      handled_by: null,
    })
    .returning(['id', 'status'])
    .executeTakeFirstOrThrow();
}

function applicationQuery(db: Executor) {
  return db
    .selectFrom('affiliate_applications as a')
    .leftJoin('members as m', 'm.id', 'a.member_id')
    .leftJoin('operators as o', 'o.id', 'a.handled_by')
    .select([
      'a.id',
      'a.member_id as memberId',
      'm.username',
      'a.name',
      'a.contacts',
      'a.sites',
      'a.monthly_players as monthlyPlayers',
      'a.message',
      'a.language',
      'a.status',
      'a.operator_note as note',
      'o.username as handledBy',
      'a.created_at as createdAt',
      'a.updated_at as updatedAt',
    ]);
}

export async function listApplications(
  db: Executor,
  brandId: string,
  filter: AffiliateFilter,
  page: number,
  size: number,
): Promise<{ items: AffiliateApplicationRow[]; total: number }> {
  const apply = <Q extends ReturnType<typeof applicationQuery>>(q: Q): Q =>
    q
      .where('a.brand_id', '=', brandId)
      .$if(filter.status !== undefined, (w) => w.where('a.status', '=', filter.status as AffiliateStatus))
      .$if(filter.search !== undefined, (w) => {
        const pattern = containsPattern(filter.search as string);
        return w.where((eb) =>
          eb.or([
            eb('a.name', 'ilike', pattern),
            eb(sql<string>`a.contacts::text`, 'ilike', pattern),
            eb(sql<string>`a.sites::text`, 'ilike', pattern),
            eb('m.username', 'ilike', pattern),
          ]),
        );
      })
      .$if(filter.from !== undefined, (w) => w.where('a.created_at', '>=', filter.from as Date))
      .$if(filter.toExclusive !== undefined, (w) =>
        w.where('a.created_at', '<', filter.toExclusive as Date),
      ) as Q;
  return pageNewestFirst(apply(applicationQuery(db)), 'a.id', page, size);
}

export async function findApplication(
  db: Executor,
  brandId: string,
  id: string,
): Promise<AffiliateApplicationRow | undefined> {
  return applicationQuery(db).where('a.brand_id', '=', brandId).where('a.id', '=', id).executeTakeFirst();
}

/** Moves an application from `from` to `to`; false when it was no longer in `from`. */
export async function transitionApplication(
  db: Executor,
  brandId: string,
  id: string,
  change: QueueTransition<AffiliateStatus>,
): Promise<boolean> {
  return transitionSubmission(db, 'affiliate_applications', brandId, id, change);
}

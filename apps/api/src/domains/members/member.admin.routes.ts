import {
  IdParams,
  MemberDetail,
  MemberLabels,
  MemberLabelsBody,
  MemberPage,
  MemberRow,
  MemberSearchQuery,
  MemberStatusBody,
  Page,
  PageSize,
  PostingPage,
} from '@lotus/contracts/backoffice';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import {
  changeMemberLabels,
  changeMemberStatus,
  findMembers,
  memberDetail,
  memberLedger,
} from './member.admin.service.ts';

const tags = ['back office'];

/** Members of the brand for operators: search, detail, ledger postings, lock and unlock. */
export function memberAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  api.get(
    '/bo/v1/members',
    {
      onRequest: operators.guard(),
      schema: {
        tags,
        summary: 'Searches members by username prefix, mobile or id (newest first, paged)',
        headers: ApiHeaders,
        querystring: MemberSearchQuery,
        response: responses(MemberPage, 401, 403),
      },
    },
    async (request) => ok(await findMembers(db, request.brand, request.query, operatorOf(request).role)),
  );

  api.get(
    '/bo/v1/members/:id',
    {
      onRequest: operators.guard(),
      schema: {
        tags,
        summary: 'A member: profile, status, wallet balances and the latest login attempts',
        headers: ApiHeaders,
        params: IdParams,
        response: responses(MemberDetail, 401, 403),
      },
    },
    async (request) => ok(await memberDetail(db, request.brand, request.params.id, operatorOf(request).role)),
  );

  api.get(
    '/bo/v1/members/:id/postings',
    {
      onRequest: operators.guard(),
      schema: {
        tags,
        summary: "The ledger postings of a member's wallets, newest first (paged)",
        headers: ApiHeaders,
        params: IdParams,
        querystring: Type.Object({ page: Type.Optional(Page), pageSize: Type.Optional(PageSize) }),
        response: responses(PostingPage, 401, 403),
      },
    },
    async (request) => ok(await memberLedger(db, request.brand, request.params.id, request.query)),
  );

  api.put(
    '/bo/v1/members/:id/status',
    {
      onRequest: operators.guard('cs'),
      schema: {
        tags,
        summary: 'Locks (logs the member out) or unlocks a member',
        headers: ApiHeaders,
        params: IdParams,
        body: MemberStatusBody,
        response: responses(MemberRow, 401, 403),
      },
    },
    async (request) =>
      ok(
        await changeMemberStatus(
          db,
          request.brand,
          operatorOf(request),
          request.ip,
          request.params.id,
          request.body.status,
        ),
      ),
  );

  api.put(
    '/bo/v1/members/:id/labels',
    {
      onRequest: operators.guard('cs'),
      schema: {
        tags,
        summary: "Sets a member's labels (answered to the member as memberLabel of GET /wps/member/info)",
        description: 'At most 10 labels of 1 to 20 characters; duplicates are dropped; audited.',
        headers: ApiHeaders,
        params: IdParams,
        body: MemberLabelsBody,
        response: responses(MemberLabels, 401, 403),
      },
    },
    async (request) =>
      ok(
        await changeMemberLabels(
          db,
          request.brand,
          operatorOf(request),
          request.ip,
          request.params.id,
          request.body.labels,
        ),
      ),
  );
}

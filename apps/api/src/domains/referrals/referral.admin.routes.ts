import { ApiHeaders } from '@lotus/contracts/envelope';
import {
  OperatorReferral,
  OperatorReferralPage,
  OperatorReferralQuery,
  ReferralDecisionBody,
  ReferralIdParams,
  ReferralRuleBody,
  ReferralRuleView,
} from '@lotus/contracts/referrals';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import {
  approveReferral,
  changeReferralRule,
  referralQueue,
  referralRule,
  rejectHeldReferral,
} from './referral.service.ts';

const tags = ['back office: referrals'];

/** Referrals of the brand: every role reads; marketing and finance (and admin) review and set the rule. */
export function referralAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  const { guard } = operators;

  api.get(
    '/bo/v1/referrals',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Referrals of the brand, newest first (status held: the review queue)',
        headers: ApiHeaders,
        querystring: OperatorReferralQuery,
        response: responses(OperatorReferralPage, 401, 403),
      },
    },
    async (request) => ok(await referralQueue(db, request.brand, request.query)),
  );

  for (const action of ['approve', 'reject'] as const) {
    api.post(
      `/bo/v1/referrals/:id/${action}`,
      {
        onRequest: guard('marketing', 'finance'),
        schema: {
          tags,
          summary:
            action === 'approve'
              ? "Approves a held referral: the referrer is paid the rule's reward once (marketing, finance, admin); audited"
              : 'Rejects a held referral: nothing is paid (marketing, finance, admin); audited',
          headers: ApiHeaders,
          params: ReferralIdParams,
          body: ReferralDecisionBody,
          response: responses(OperatorReferral, 401, 403),
        },
      },
      async (request) => {
        const reviewer = { ...operatorOf(request), ip: request.ip };
        const run = action === 'approve' ? approveReferral : rejectHeldReferral;
        return ok(await run(db, request.brand, reviewer, request.params.id, request.body.note));
      },
    );
  }

  api.get(
    '/bo/v1/referrals/rule',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: "The brand's referral rule (null until set)",
        headers: ApiHeaders,
        response: responses(Type.Union([ReferralRuleView, Type.Null()]), 401, 403),
      },
    },
    async (request) => ok(await referralRule(db, request.brand)),
  );

  api.put(
    '/bo/v1/referrals/rule',
    {
      onRequest: guard('marketing'),
      schema: {
        tags,
        summary: "Sets the brand's referral rule (marketing, admin); audited",
        headers: ApiHeaders,
        body: ReferralRuleBody,
        response: responses(ReferralRuleView, 401, 403),
      },
    },
    async (request) =>
      ok(
        await changeReferralRule(db, request.brand, { ...operatorOf(request), ip: request.ip }, request.body),
      ),
  );
}

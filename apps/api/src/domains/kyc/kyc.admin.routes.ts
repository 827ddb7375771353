import { ApiHeaders } from '@lotus/contracts/envelope';
import {
  KycDocumentIdParams,
  KycMemberIdParams,
  KycPolicy,
  KycQueuePage,
  KycQueueQuery,
  KycReviewBody,
  KycStateBody,
  OperatorKycDocument,
  OperatorMemberKyc,
  RiskSignal,
  RiskSignalIdParams,
  RiskSignalPage,
  RiskSignalQuery,
  RiskSignalStatusBody,
} from '@lotus/contracts/kyc';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import {
  changeMemberState,
  documentFile,
  kycPolicy,
  kycQueue,
  operatorMemberKyc,
  reviewDocument,
  saveKycPolicy,
} from './kyc.service.ts';
import { moveRiskSignal, riskSignalQueue } from './risk.service.ts';

const tags = ['back office: kyc'];

/** The KYC review queue, a member's KYC section, the brand's policy and the risk-signal queue. */
export function kycAdminRoutes(api: Api, { db, uploads, operators }: RouteDeps) {
  const { guard } = operators;
  const who = (request: Parameters<typeof operatorOf>[0]) => {
    const op = operatorOf(request);
    return { id: op.id, brandId: request.brand.id, ip: request.ip };
  };

  api.get(
    '/bo/v1/kyc/documents',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'KYC documents of the brand (the review queue): pending oldest first, by status',
        headers: ApiHeaders,
        querystring: KycQueueQuery,
        response: responses(KycQueuePage, 401, 403),
      },
    },
    async (request) => ok(await kycQueue(db, request.brand.id, request.query)),
  );

  api.get(
    '/bo/v1/kyc/documents/:id/file',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: "A KYC document's image (PNG or JPEG)",
        headers: ApiHeaders,
        params: KycDocumentIdParams,
      },
    },
    async (request, reply) => {
      const file = await documentFile(db, uploads, request.brand.id, request.params.id, null);
      return reply
        .type(file.mime)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .send(file.bytes);
    },
  );

  api.post(
    '/bo/v1/kyc/documents/:id/review',
    {
      onRequest: guard('cs'),
      schema: {
        tags,
        summary:
          'Decides a pending or held document: approve, reject (may retry), reject_final, hold (cs, admin)',
        description:
          "A rejection needs the `reason` shown to the member (`kyc_reason_required`). The member's state follows: approved once every required document is approved, rejected_retry, rejected_final or on_hold. Of two operators deciding at once one applies, the other gets `kyc_review_state_invalid`. Audited with the old and new status and state.",
        headers: ApiHeaders,
        params: KycDocumentIdParams,
        body: KycReviewBody,
        response: responses(OperatorKycDocument, 401, 403),
      },
    },
    async (request) => ok(await reviewDocument(db, who(request), request.params.id, request.body)),
  );

  api.get(
    '/bo/v1/kyc/members/:memberId',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: "A member's KYC: state, date of birth, documents, state history",
        headers: ApiHeaders,
        params: KycMemberIdParams,
        response: responses(OperatorMemberKyc, 401, 403),
      },
    },
    async (request) => ok(await operatorMemberKyc(db, request.brand.id, request.params.memberId)),
  );

  api.post(
    '/bo/v1/kyc/members/:memberId/state',
    {
      onRequest: guard('admin'),
      schema: {
        tags,
        summary:
          "Changes a member's KYC state directly with a reason (admin): a hold, its lift, a final rejection",
        headers: ApiHeaders,
        params: KycMemberIdParams,
        body: KycStateBody,
        response: responses(OperatorMemberKyc, 401, 403),
      },
    },
    async (request) => ok(await changeMemberState(db, who(request), request.params.memberId, request.body)),
  );

  api.get(
    '/bo/v1/kyc/policy',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: "The brand's KYC policy: minimum age, required documents, what each state may do",
        headers: ApiHeaders,
        response: responses(KycPolicy, 401, 403),
      },
    },
    async (request) => ok(await kycPolicy(db, request.brand.id)),
  );

  api.put(
    '/bo/v1/kyc/policy',
    {
      onRequest: guard('admin'),
      schema: {
        tags,
        summary: "Saves the brand's KYC policy (admin), audited",
        headers: ApiHeaders,
        body: KycPolicy,
        response: responses(KycPolicy, 401, 403),
      },
    },
    async (request) => ok(await saveKycPolicy(db, who(request), request.brand, request.body)),
  );

  api.get(
    '/bo/v1/risk-signals',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Risk signals of the brand (limit hits, rising losses, night sessions), newest first',
        headers: ApiHeaders,
        querystring: RiskSignalQuery,
        response: responses(RiskSignalPage, 401, 403),
      },
    },
    async (request) => ok(await riskSignalQueue(db, request.brand.id, request.query)),
  );

  api.post(
    '/bo/v1/risk-signals/:id/status',
    {
      onRequest: guard('cs'),
      schema: {
        tags,
        summary:
          'Follows a signal up: open -> contacted -> closed (or open -> closed), with a note (cs, admin)',
        headers: ApiHeaders,
        params: RiskSignalIdParams,
        body: RiskSignalStatusBody,
        response: responses(RiskSignal, 401, 403),
      },
    },
    async (request) => ok(await moveRiskSignal(db, who(request), request.params.id, request.body)),
  );
}

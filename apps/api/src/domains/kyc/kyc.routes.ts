import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { KycDocumentIdParams, MemberKyc } from '@lotus/contracts/kyc';
import { IMAGE_UPLOAD_RULES } from '@lotus/contracts/uploads';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { uploadThrottle } from '../../lib/uploads/uploads.ts';
import { documentFile, type KycFormPart, memberKyc, uploadDocument } from './kyc.service.ts';

const tags = ['kyc'];

// Identity documents: images of up to 5 MB each, a few a minute per address.
const KYC_UPLOAD_LIMIT = { max: 6, timeWindow: 60_000 };

/** The member's own verification: its state, what the policy asks, its documents and their upload. */
export function kycRoutes(api: Api, { db, uploads, members, rateLimits }: RouteDeps) {
  const { guards } = members;

  api.get(
    '/wps/kyc',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary:
          "The member's verification: state, required documents, what the brand's policy asks and why, documents",
        description:
          '`requirements` lists what the current state cannot do without approval (`above: null`: at any amount), so the member sees it before depositing or playing, never for the first time at a withdrawal. Trial accounts are refused (`trial_account_restricted`).',
        headers: ApiHeaders,
        response: responses(MemberKyc, 401, 403),
      },
    },
    async (request) => ok(await memberKyc(db, request.brand, request.member!.member)),
  );

  api.post(
    '/wps/kyc/documents',
    {
      config: { rateLimit: rateLimits.kycUpload ?? KYC_UPLOAD_LIMIT },
      onRequest: guards.requireMember,
      preHandler: uploadThrottle(members.throttle),
      schema: {
        tags,
        summary: 'Uploads one verification document (multipart/form-data: `kind`, file `document`)',
        description:
          "`kind` is `identity`, `address` or `payment_method`; the file a PNG or JPG under 5 MB checked by its bytes (`upload_type_invalid`, `upload_too_large`), counted in the member's upload quota (`upload_quota_exceeded`). Moves the state `none` or `rejected_retry` to `pending`; refused after a final rejection (`kyc_upload_not_allowed`). Answers the member's verification.",
        consumes: ['multipart/form-data'],
        headers: ApiHeaders,
        body: Type.Object({ kind: Type.String(), document: Type.Unknown() }),
        response: responses(MemberKyc, 401, 403, 429),
      },
      // The body is a stream read by the service, so the schema above is documentation only.
      validatorCompiler: (route) =>
        route.httpPart === 'body' ? () => true : TypeBoxValidatorCompiler(route),
    },
    async (request) => {
      const parts = request.parts({
        limits: { fileSize: IMAGE_UPLOAD_RULES.maxBytes, files: 1, fields: 2, fieldSize: 64, parts: 3 },
      }) as AsyncIterable<KycFormPart>;
      return ok(await uploadDocument(db, uploads, request.brand, request.member!.member, parts));
    },
  );

  api.get(
    '/wps/kyc/documents/:id/file',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary:
          "One of the member's own documents (PNG or JPEG); another member's answers kyc_document_not_found",
        headers: ApiHeaders,
        params: KycDocumentIdParams,
      },
    },
    async (request, reply) => {
      const file = await documentFile(
        db,
        uploads,
        request.brand.id,
        request.params.id,
        request.member!.member.id,
      );
      return reply
        .type(file.mime)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .send(file.bytes);
    },
  );
}

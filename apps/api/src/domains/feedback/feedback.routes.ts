import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { FEEDBACK_RULES, FeedbackResult } from '@lotus/contracts/system';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { uploadThrottle } from '../../lib/uploads/uploads.ts';
import { type FeedbackPart, submitFeedback } from './feedback.service.ts';

/** Documents the multipart form for OpenAPI; the parts are checked by the service as they stream. */
const FeedbackForm = Type.Object({
  content: Type.String({ minLength: FEEDBACK_RULES.minLength, maxLength: FEEDBACK_RULES.maxLength }),
  images: Type.Optional(
    Type.Array(Type.String({ format: 'binary' }), {
      maxItems: FEEDBACK_RULES.maxImages,
      description: 'PNG or JPG, each under 5 MB',
    }),
  ),
});

const FEEDBACK_LIMIT = { max: 5, timeWindow: 60_000 };

export function feedbackRoutes(api: Api, { db, uploads, rateLimits, members }: RouteDeps) {
  api.put(
    '/wps/feedback',
    {
      config: { rateLimit: rateLimits.feedback ?? FEEDBACK_LIMIT },
      preHandler: uploadThrottle(members.throttle),
      schema: {
        tags: ['feedback'],
        summary: 'Sends feedback with up to 3 images (multipart/form-data)',
        consumes: ['multipart/form-data'],
        headers: ApiHeaders,
        body: FeedbackForm,
        response: responses(FeedbackResult),
      },
      // The body is a stream read by the handler, so the schema above is documentation only.
      validatorCompiler: (route) =>
        route.httpPart === 'body' ? () => true : TypeBoxValidatorCompiler(route),
    },
    async (request) => {
      const parts = request.parts({
        limits: {
          fileSize: FEEDBACK_RULES.maxImageBytes,
          files: FEEDBACK_RULES.maxImages,
          fields: 4,
          fieldSize: 4096,
          parts: FEEDBACK_RULES.maxImages + 4,
        },
      }) as AsyncIterable<FeedbackPart>;
      const result = await submitFeedback(db, uploads, {
        brandId: request.brand.id,
        language: request.language,
        clientIp: request.ip,
        parts,
      });
      return ok(result);
    },
  );
}

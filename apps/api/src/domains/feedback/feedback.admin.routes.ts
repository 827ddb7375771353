import { OperatorFeedbackPage, OperatorFeedbackQuery } from '@lotus/contracts/cs';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { ID_PATTERN } from '@lotus/contracts/ids';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { feedbackImage, feedbackPage } from './feedback.admin.service.ts';

const tags = ['back office: customer service'];

/** What members sent through the feedback form, for any operator of the brand. */
export function feedbackAdminRoutes(api: Api, { db, uploads, operators }: RouteDeps) {
  const { guard } = operators;

  api.get(
    '/bo/v1/feedback',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: "The brand's feedback messages, newest first, with the ids of their images",
        headers: ApiHeaders,
        querystring: OperatorFeedbackQuery,
        response: responses(OperatorFeedbackPage, 401, 403),
      },
    },
    async (request) => ok(await feedbackPage(db, request.brand.id, request.query)),
  );

  api.get(
    '/bo/v1/feedback/images/:id',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'One feedback image (PNG or JPEG; operators of the brand only)',
        headers: ApiHeaders,
        params: Type.Object({ id: Type.String({ pattern: ID_PATTERN }) }),
      },
    },
    async (request, reply) => {
      const image = await feedbackImage(db, uploads, request.brand.id, request.params.id);
      return reply
        .type(image.mime)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  );
}

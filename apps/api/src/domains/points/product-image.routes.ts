import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Type } from 'typebox';
import { AppError } from '../../http/app-error.ts';
import { sendError } from '../../http/error-handler.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { productImagePath } from './product-image.service.ts';

/**
 * Product images of the points mall by their random name (image tags send no Merchant header, so
 * this route lives outside the brand scope); only names a product shows are served.
 */
export function productImageRoute(app: Api, { db, uploads }: RouteDeps) {
  app.get(
    '/wps/points/images/:file',
    { schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 64 }) }) } },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const path = await productImagePath(db, uploads, file);
      const info = path ? await stat(path).catch(() => null) : null;
      if (!path || !info) return sendError(request, reply, new AppError('not_found'));
      return reply
        .type(file.endsWith('.png') ? 'image/png' : 'image/jpeg')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(path));
    },
  );
}

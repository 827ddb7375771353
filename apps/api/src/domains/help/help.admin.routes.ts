import {
  ContentHelpArticle,
  ContentHelpCentre,
  ContentIdParams,
  HelpArticleBody,
  HelpCategoryBody,
} from '@lotus/contracts/content';
import { ApiHeaders } from '@lotus/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import type { AuditOperator } from '../operators/audit.service.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import {
  addHelpArticle,
  addHelpCategory,
  changeHelpArticle,
  changeHelpCategory,
  helpForOperator,
  removeHelpArticle,
} from './help.admin.service.ts';

const tags = ['back office: content'];
const Done = Type.Object({ id: Type.String() });

function auditOperator(request: FastifyRequest): AuditOperator {
  return { id: operatorOf(request).id, brandId: request.brand.id, ip: request.ip };
}

/** Help-centre categories and pages under /bo/v1/content/help: every role reads, marketing edits. */
export function helpAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  const { guard } = operators;
  const editors = guard('marketing');

  api.get(
    '/bo/v1/content/help',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Help-centre categories and their pages with EN, MS and CN texts',
        headers: ApiHeaders,
        response: responses(ContentHelpCentre, 401, 403),
      },
    },
    async (request) => ok(await helpForOperator(db, request.brand.id)),
  );

  api.post(
    '/bo/v1/content/help/categories',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Adds a help-centre category (marketing, admin); audited',
        headers: ApiHeaders,
        body: HelpCategoryBody,
        response: responses(Done, 401, 403),
      },
    },
    async (request) => ok(await addHelpCategory(db, auditOperator(request), request.body)),
  );

  api.put(
    '/bo/v1/content/help/categories/:id',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Changes a help-centre category (marketing, admin); audited',
        headers: ApiHeaders,
        params: ContentIdParams,
        body: HelpCategoryBody,
        response: responses(Done, 401, 403),
      },
    },
    async (request) =>
      ok(await changeHelpCategory(db, auditOperator(request), request.params.id, request.body)),
  );

  api.post(
    '/bo/v1/content/help/articles',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Adds a help page (marketing, admin); rich text sanitised; audited',
        headers: ApiHeaders,
        body: HelpArticleBody,
        response: responses(ContentHelpArticle, 401, 403),
      },
    },
    async (request) => ok(await addHelpArticle(db, auditOperator(request), request.body)),
  );

  api.put(
    '/bo/v1/content/help/articles/:id',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Changes a help page (marketing, admin); rich text sanitised; audited',
        headers: ApiHeaders,
        params: ContentIdParams,
        body: HelpArticleBody,
        response: responses(ContentHelpArticle, 401, 403),
      },
    },
    async (request) =>
      ok(await changeHelpArticle(db, auditOperator(request), request.params.id, request.body)),
  );

  api.delete(
    '/bo/v1/content/help/articles/:id',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Deletes a help page (marketing, admin); audited',
        headers: ApiHeaders,
        params: ContentIdParams,
        response: responses(Done, 401, 403),
      },
    },
    async (request) => ok(await removeHelpArticle(db, auditOperator(request), request.params.id)),
  );
}

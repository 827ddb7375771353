import { ApiHeaders } from '@lotus/contracts/envelope';
import {
  CountryCodeList,
  CustomerServiceList,
  DomainRoute,
  SystemStatus,
  WhitelabelMenu,
} from '@lotus/contracts/system';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { clubLabelOf } from '../members/club-label.ts';
import * as system from './system.service.ts';

const tags = ['system'];

export function systemRoutes(api: Api, { db, members }: RouteDeps) {
  api.get(
    '/wps/system/status',
    {
      schema: {
        tags,
        summary: 'Permission response: brand configuration, visitor location and system status',
        headers: ApiHeaders,
        querystring: Type.Object({ url: Type.Optional(Type.String({ maxLength: 2048 })) }),
        response: responses(SystemStatus),
      },
    },
    async (request) => ok(await system.systemStatus(db, request.brand, request.ip)),
  );

  api.get(
    '/wps/system/whitelabel',
    {
      schema: { tags, summary: 'The brand menus', headers: ApiHeaders, response: responses(WhitelabelMenu) },
    },
    async (request) => ok(system.whitelabelMenu(request.brand)),
  );

  api.get(
    '/wps/system/domainRoute',
    {
      schema: {
        tags,
        summary: 'Alternative domains with their speed, and resources',
        headers: ApiHeaders,
        response: responses(DomainRoute),
      },
    },
    async (request) => ok(await system.domainRoute(db, request.brand)),
  );

  api.get(
    '/wps/system/countryCodes',
    {
      schema: {
        tags,
        summary: 'Country dialing codes',
        headers: ApiHeaders,
        response: responses(CountryCodeList),
      },
    },
    async () => ok(system.countryCodes()),
  );

  api.get(
    '/wps/system/customerService',
    {
      onRequest: members.guards.optionalMember,
      schema: {
        tags,
        summary:
          'Customer-service channels of the brand (type 3: web); VIP service for a member above rank 4',
        headers: ApiHeaders,
        querystring: Type.Object({ type: Type.Literal(3) }),
        response: responses(CustomerServiceList, 401),
      },
    },
    async (request) => {
      const rank = request.member
        ? (await clubLabelOf(db, request.brand.id, request.member.member.id, request.language)).rankLevel
        : null;
      return ok(await system.customerService(db, request.brand, rank));
    },
  );
}

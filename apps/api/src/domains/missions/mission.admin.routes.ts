import { ApiHeaders } from '@lotus/contracts/envelope';
import {
  MissionActiveBody,
  MissionIdParams,
  NewMissionBody,
  OperatorMission,
  OperatorMissionPage,
  OperatorMissionQuery,
} from '@lotus/contracts/missions';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import { changeMissionActive, createMission, missionList } from './mission.service.ts';

const tags = ['back office: missions'];

/** Missions of the brand under /bo/v1: every role reads, marketing (and admin) define them. */
export function missionAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  const { guard } = operators;

  api.get(
    '/bo/v1/missions',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Missions of the brand, newest first, with claims and rewards paid',
        headers: ApiHeaders,
        querystring: OperatorMissionQuery,
        response: responses(OperatorMissionPage, 401, 403),
      },
    },
    async (request) => ok(await missionList(db, request.brand, request.query)),
  );

  api.post(
    '/bo/v1/missions',
    {
      onRequest: guard('marketing'),
      schema: {
        tags,
        summary: 'Defines a mission (marketing, admin); audited',
        description:
          "Kind bet (optionally of one game category), deposit or login_days; period daily, weekly or once; target an amount (whole days for login_days: at most 1 a day, 7 a week, 366 once); reward an amount paid from the brand's missions account. It counts from now on.",
        headers: ApiHeaders,
        body: NewMissionBody,
        response: responses(OperatorMission, 401, 403),
      },
    },
    async (request) =>
      ok(await createMission(db, request.brand, { ...operatorOf(request), ip: request.ip }, request.body)),
  );

  api.put(
    '/bo/v1/missions/:id/active',
    {
      onRequest: guard('marketing'),
      schema: {
        tags,
        summary: 'Turns a mission on or off (marketing, admin); audited',
        headers: ApiHeaders,
        params: MissionIdParams,
        body: MissionActiveBody,
        response: responses(Type.Object({ id: Type.String(), active: Type.Boolean() }), 401, 403),
      },
    },
    async (request) =>
      ok(
        await changeMissionActive(
          db,
          request.brand,
          { ...operatorOf(request), ip: request.ip },
          request.params.id,
          request.body.active,
        ),
      ),
  );
}

import { ApiHeaders } from '@lotus/contracts/envelope';
import { LimitChangeResult, LimitIdParams, LimitsView, SetLimitBody } from '@lotus/contracts/limits';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { cancelPending, confirmPending, limitsView, requestRemoval, setLimit } from './limits.service.ts';

const tags = ['limits'];

/** The member's responsible-gaming limits (docs/limits.md): read, set, lower, raise, remove. */
export function limitsRoutes(api: Api, { db, members }: RouteDeps) {
  const { guards } = members;

  api.get(
    '/wps/limits',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: "The member's limits, each window's usage and what is left, and the brand's cooling-off",
        description:
          'Windows are rolling: day = the last 24 hours, week = the last 7 days, month = the last 30 days. Deposits count deposits credited and transfers received; wager counts stakes less stakes given back; loss counts stakes less stakes given back and wins (open stakes count as lost).',
        headers: ApiHeaders,
        response: responses(LimitsView, 401, 403),
      },
    },
    async (request) => ok(await limitsView(db, request.brand, request.member!.member.id)),
  );

  api.post(
    '/wps/limits',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: 'Sets a limit: a new or lower one applies at once, a higher one waits the cooling-off',
        description:
          "outcome `applied` (new or lower), `pending` (higher: confirm after `pendingFrom`), `cancelled` (the amount in force again: a pending change dropped), `unchanged`. Amount > 0 in the currency's scale (`limit_amount_invalid`, `amount_invalid`).",
        headers: ApiHeaders,
        body: SetLimitBody,
        response: responses(LimitChangeResult, 401, 403),
      },
    },
    async (request) => ok(await setLimit(db, request.brand, request.member!.member.id, request.body)),
  );

  api.post(
    '/wps/limits/:id/remove',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary:
          'Asks to remove a limit: it stays in force through the cooling-off, then needs the confirmation',
        headers: ApiHeaders,
        params: LimitIdParams,
        response: responses(LimitChangeResult, 401, 403),
      },
    },
    async (request) =>
      ok(await requestRemoval(db, request.brand, request.member!.member.id, request.params.id)),
  );

  api.post(
    '/wps/limits/:id/confirm',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: 'Confirms a pending increase or removal after its cooling-off (`limit_cooling_off` before)',
        headers: ApiHeaders,
        params: LimitIdParams,
        response: responses(LimitChangeResult, 401, 403),
      },
    },
    async (request) =>
      ok(await confirmPending(db, request.brand, request.member!.member.id, request.params.id)),
  );

  api.post(
    '/wps/limits/:id/cancel',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: 'Drops a pending increase or removal: the limit stays as it is',
        headers: ApiHeaders,
        params: LimitIdParams,
        response: responses(LimitChangeResult, 401, 403),
      },
    },
    async (request) =>
      ok(await cancelPending(db, request.brand, request.member!.member.id, request.params.id)),
  );
}

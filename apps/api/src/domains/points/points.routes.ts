import { EncryptedApiHeaders } from '@lotus/contracts/accounts';
import { ApiHeaders } from '@lotus/contracts/envelope';
import {
  CONVERT_POINT_RELAY,
  ConvertPointBody,
  ConvertResult,
  PageQuery,
  PointBalance,
  PointConfig,
  PointReward,
  PointTransactionPage,
  REDEEM_POINT_RELAY,
  RedeemListQuery,
  RedeemPointBody,
  RedeemPointList,
  RedeemResult,
} from '@lotus/contracts/points';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { passwordCheckUrl, requireFundsPassword } from '../members/funds-password.ts';
import {
  convertPoints,
  pointBalance,
  pointConfig,
  pointReward,
  pointTransactions,
  redeemList,
  redeemPoints,
} from './points.service.ts';

const tags = ['points'];

/** Redeems and conversions per member and address: 10 a minute (each also checks the funds password). */
const POINTS_REDEEM_LIMIT = { max: 10, timeWindow: 60_000 };

const FUNDS_PASSWORD_NOTE =
  'A passwordCheck relay (T, E): the sealed body carries `fundsPassword`, verified before the relay runs (`funds_password_required`, `funds_password_wrong`; nothing moves then).';

/** The member's points and the points mall (spec §7 "Points", all T calls). */
export function pointsRoutes(api: Api, { db, members, rateLimits }: RouteDeps) {
  const { guards } = members;
  const fundsPassword = requireFundsPassword(members);
  const limit = rateLimits.pointsRedeem ?? POINTS_REDEEM_LIMIT;

  for (const method of ['GET', 'POST'] as const) {
    api.route({
      method,
      url: '/wps/relay/MCS2_getPointBalance',
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: "The member's points",
        headers: ApiHeaders,
        response: responses(PointBalance, 401, 403),
      },
      handler: async (request) =>
        ok({ pointBalance: await pointBalance(db, request.brand.id, request.member!.member.id) }),
    });
    api.route({
      method,
      url: '/wps/relay/MCS2_getPointConfig',
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary:
          'Points earned per 1.00 of turnover per category (the nav point values) and the conversion to money',
        headers: ApiHeaders,
        response: responses(PointConfig, 401, 403),
      },
      handler: async (request) => ok(await pointConfig(db, request.brand)),
    });
    api.route({
      method,
      url: '/wps/relay/MCS2_getPointReward',
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: "The points mall's products (physical and cash) with their points and stock",
        headers: ApiHeaders,
        response: responses(PointReward, 401, 403),
      },
      handler: async (request) => ok(await pointReward(db, request.brand)),
    });
  }

  api.get(
    '/wps/relay/MCS2_getRedeemPointList',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: "The member's exchange records, newest first (status: applying, rejected, passed)",
        headers: ApiHeaders,
        querystring: RedeemListQuery,
        response: responses(RedeemPointList, 401, 403),
      },
    },
    async (request) => ok(await redeemList(db, request.brand.id, request.member!.member.id, request.query)),
  );

  api.get(
    '/wps/relay/ODSFE2_MemTransDet',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: "The member's points transaction details, newest first, with the balance after each",
        headers: ApiHeaders,
        querystring: PageQuery,
        response: responses(PointTransactionPage, 401, 403),
      },
    },
    async (request) =>
      ok(await pointTransactions(db, request.brand.id, request.member!.member.id, request.query)),
  );

  api.post(
    passwordCheckUrl(REDEEM_POINT_RELAY),
    {
      onRequest: guards.requireMember,
      preHandler: fundsPassword,
      config: { encrypted: true, rateLimit: limit },
      schema: {
        tags,
        summary: 'Redeems a product of the points mall',
        description: `${FUNDS_PASSWORD_NOTE} Needs a delivery address and a valid phone (\`phone_number_invalid\`). The points move to the exchange at once; out of stock: \`points_out_of_stock\`; not enough points: \`points_insufficient\`; either way nothing is kept. The same clientRequestId answers the first exchange.`,
        headers: EncryptedApiHeaders,
        body: RedeemPointBody,
        response: responses(RedeemResult, 401, 403),
      },
    },
    async (request) => ok(await redeemPoints(db, request.brand, request.member!.member.id, request.body)),
  );

  api.post(
    passwordCheckUrl(CONVERT_POINT_RELAY),
    {
      onRequest: guards.requireMember,
      preHandler: fundsPassword,
      config: { encrypted: true, rateLimit: limit },
      schema: {
        tags,
        summary: "Converts points to money in the main wallet at the brand's rate",
        description: `${FUNDS_PASSWORD_NOTE} At least minConvertPoints, in multiples of convertPoints (else \`points_convert_invalid\`); the points leave and the money arrives in one transaction, once per clientRequestId.`,
        headers: EncryptedApiHeaders,
        body: ConvertPointBody,
        response: responses(ConvertResult, 401, 403),
      },
    },
    async (request) => ok(await convertPoints(db, request.brand, request.member!.member.id, request.body)),
  );
}

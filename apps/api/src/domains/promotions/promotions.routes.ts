import { ApiHeaders } from '@lotus/contracts/envelope';
import {
  ApplyBody,
  ClaimBody,
  MemberPromotion,
  MemberPromotions,
  PromotionCards,
  PromotionDetail,
  PromotionIdParams,
  RaffleClaimBody,
  RaffleDraw,
  RewardCentreQuery,
} from '@lotus/contracts/promotions';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import {
  applyPromotion,
  cancelPromotion,
  claimPromotion,
  promotionCards,
  promotionDetail,
  rewardCentre,
} from './promotions.service.ts';
import { drawRaffle, raffleFairness } from './raffle.service.ts';

const tags = ['promotions'];
/** Apply, claim and cancel per member and address: a burst of clicks is fine, a script is not. */
const PROMOTION_ACTION_LIMIT = { max: 20, timeWindow: 60_000 };

/**
 * The member's promotions (issue 15; the spec names no promotion calls besides the raffle's, so
 * REST under /wps/promotions): the cards with the member's state (visitors see them without),
 * the detail, and the reward centre; apply, claim and cancel (T, rate limited). A member only
 * ever reads and changes its own records; another member's ids are not found.
 */
export function promotionsRoutes(api: Api, { db, members, rateLimits }: RouteDeps) {
  const { guards } = members;
  const actionLimit = rateLimits.promotionActions ?? PROMOTION_ACTION_LIMIT;

  api.get(
    '/wps/promotions',
    {
      onRequest: guards.optionalMember,
      schema: {
        tags,
        summary: "The brand's active promotions as cards, with the member's state when logged in",
        headers: ApiHeaders,
        response: responses(PromotionCards),
      },
    },
    async (request) =>
      ok(await promotionCards(db, request.brand, request.member?.member.id ?? null, request.language)),
  );

  api.get(
    '/wps/promotions/:id',
    {
      onRequest: guards.optionalMember,
      schema: {
        tags,
        summary: 'One promotion: rules, reward, wagering and its HTML content (sanitize before showing)',
        headers: ApiHeaders,
        params: PromotionIdParams,
        response: responses(PromotionDetail),
      },
    },
    async (request) => {
      const detail = await promotionDetail(
        db,
        request.brand,
        request.member?.member.id ?? null,
        request.params.id,
        request.language,
      );
      return ok({ ...detail, raffle: await raffleFairness(db, request.brand, detail.id, request.language) });
    },
  );

  api.get(
    '/wps/promotions/rewards/mine',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary: "The reward centre and bonusDetails: the member's promotion records by state (T)",
        headers: ApiHeaders,
        querystring: RewardCentreQuery,
        response: responses(MemberPromotions, 401),
      },
    },
    async (request) =>
      ok(
        await rewardCentre(
          db,
          request.brand,
          request.member!.member.id,
          request.query.state,
          request.language,
        ),
      ),
  );

  api.post(
    '/wps/promotions/:id/apply',
    {
      onRequest: guards.requireToken,
      config: { rateLimit: actionLimit },
      schema: {
        tags,
        summary: 'Applies for a promotion: issued at once, or applying until an operator decides (T)',
        description:
          'An optional activity remark (at most 140 characters, no control characters) goes with the application to the operator deciding it.',
        headers: ApiHeaders,
        params: PromotionIdParams,
        // No body at all (older clients) applies without a remark, as before the remark existed.
        body: Type.Union([ApplyBody, Type.Null()]),
        response: responses(MemberPromotion, 401),
      },
    },
    async (request) =>
      ok(
        await applyPromotion(
          db,
          request.brand,
          request.member!.member,
          request.params.id,
          request.language,
          new Date(),
          request.body?.remark,
        ),
      ),
  );

  api.post(
    '/wps/promotions/rewards/:id/claim',
    {
      onRequest: guards.requireToken,
      config: { rateLimit: actionLimit },
      schema: {
        tags,
        summary: 'Claims an issued bonus into the main wallet; wagering starts (T)',
        description:
          'Pays once: parallel claims of one record credit one bonus. A promotion that asks for a contact needs contactKind (zalo or whatsapp) and contactId.',
        headers: ApiHeaders,
        params: PromotionIdParams,
        body: ClaimBody,
        response: responses(MemberPromotion, 401),
      },
    },
    async (request) =>
      ok(
        await claimPromotion(
          db,
          request.brand,
          request.member!.member,
          request.params.id,
          request.body,
          request.language,
        ),
      ),
  );

  api.post(
    '/wps/promotions/rewards/:id/cancel',
    {
      onRequest: guards.requireToken,
      config: { rateLimit: actionLimit },
      schema: {
        tags,
        summary: 'Cancels an application or an issued bonus; a bonus in wagering is forfeited (T)',
        headers: ApiHeaders,
        params: PromotionIdParams,
        response: responses(MemberPromotion, 401),
      },
    },
    async (request) =>
      ok(
        await cancelPromotion(db, request.brand, request.member!.member, request.params.id, request.language),
      ),
  );

  api.post(
    '/wps/relay/MCS2_claimRafflePromotion',
    {
      onRequest: guards.requireToken,
      config: { rateLimit: actionLimit },
      schema: {
        tags,
        summary: "Draws the member's raffle ticket and pays its prize (T, POST; spec's common calls)",
        description:
          "Provably fair: the raffle's seed hash is published on the promotion's detail from the start and the seed once it has ended; roll = HMAC-SHA256(seed, `<ticket>:<clientSeed>`), the first 13 hex digits modulo the sum of the weights of the prizes in stock pick the prize by running sums. A ticket is drawn once: parallel draws of one ticket pay once (`promotion_state_invalid` for the others). No prize left: `promotion_raffle_sold_out` and the ticket stays issued.",
        headers: ApiHeaders,
        body: RaffleClaimBody,
        response: responses(RaffleDraw, 401),
      },
    },
    async (request) =>
      ok(await drawRaffle(db, request.brand, request.member!.member, request.body, request.language)),
  );
}

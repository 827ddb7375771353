import {
  GATEWAY_SIGNATURE_HEADER,
  GatewayCallbackBody,
  GatewayCallbackResult,
} from '@lotus/contracts/deposits';
import { formatAmount } from '@lotus/contracts/money';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../http/app-error.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { signatureMatches, signBody } from '../vendors/signature.ts';
import { findGatewayForCallback, type GatewayRow } from './deposit.repository.ts';
import {
  applyGatewayCallback,
  callbackPath,
  demoDeposit,
  demoGatewayPage,
  gatewaySecret,
} from './payment-gateway.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The gateway of a payment callback whose signature was verified (null before that). */
    gateway: GatewayRow | null;
  }
}

const CALLBACK_GUIDE = `Payment gateways call this when a deposit is paid or failed. POST a JSON body
{reference, gatewayTransactionId, status: "paid"|"failed", amount, currency} with the headers Merchant
(brand code) and X-Signature = lower-case hex HMAC-SHA256 of the exact body bytes with the gateway's
secret. The signature is checked first, in constant time: a bad one answers 401
deposit_callback_signature_invalid and changes nothing. The amount (decimal string of the currency
scale) and currency must equal the deposit's (deposit_callback_mismatch otherwise). A callback is
applied exactly once: repeats, also in parallel, answer success with applied: false.`;

const CallbackHeaders = Type.Object({
  merchant: Type.Optional(Type.String({ maxLength: 64, description: 'Brand merchant code' })),
  'x-signature': Type.Optional(
    Type.String({ maxLength: 128, description: 'hex(HMAC-SHA256(gateway secret, raw body bytes))' }),
  ),
});
const GatewayParams = Type.Object({ gatewayCode: Type.String({ maxLength: 32 }) });
const ReferenceParams = Type.Object({ reference: Type.String({ pattern: '^DP[0-9A-F]{20}$' }) });

const CODE = /^[A-Za-z0-9_-]{1,32}$/;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

/**
 * Payment gateways' signed callback and the built-in demo gateway's hosted page. Registered in its
 * own scope without the Merchant tenancy hook: the callback body arrives as raw bytes and its
 * signature is verified over exactly those bytes before anything else is read.
 */
export async function paymentGatewayRoutes(scope: Api, { db }: Pick<RouteDeps, 'db'>) {
  scope.decorateRequest('gateway', null);
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  // The demo page's Pay and Cancel forms carry no fields; their body is not read.
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
  );

  scope.post(
    '/wps/deposits/callback/:gatewayCode',
    {
      schema: {
        tags: ['payment gateways'],
        summary: 'Signed payment callback of a gateway (paid or failed deposit)',
        description: CALLBACK_GUIDE,
        headers: CallbackHeaders,
        params: GatewayParams,
        body: GatewayCallbackBody,
        response: responses(GatewayCallbackResult, 401),
      },
      preValidation: async (request) => {
        const raw: unknown = request.body;
        const bytes = Buffer.isBuffer(raw) ? raw : null;
        const merchant = header(request, 'merchant') ?? '';
        const { gatewayCode } = request.params as { gatewayCode: string };
        const found =
          bytes && CODE.test(merchant) && CODE.test(gatewayCode)
            ? await findGatewayForCallback(db, merchant, gatewayCode)
            : null;
        const signed =
          found && bytes
            ? signatureMatches(
                await gatewaySecret(db, found),
                bytes,
                header(request, GATEWAY_SIGNATURE_HEADER),
              )
            : false;
        if (!found || !bytes || !signed || !found.active) {
          throw new AppError('deposit_callback_signature_invalid');
        }
        try {
          request.body = JSON.parse(bytes.toString('utf8'));
        } catch (error) {
          throw new AppError('request_param_err', { cause: error });
        }
        request.gateway = found;
      },
    },
    async (request) => ok(await applyGatewayCallback(db, request.gateway!, request.body)),
  );

  scope.get(
    '/wps/deposits/demo-gateway/:reference',
    {
      schema: {
        tags: ['payment gateways'],
        summary: "The demo gateway's hosted payment page (HTML) for a deposit",
        description:
          'Stands in for a payment provider: Pay and Cancel send the signed callback to the platform as a real gateway would, then return the member to the site.',
        params: ReferenceParams,
      },
    },
    async (request, reply) => {
      const view = await demoDeposit(db, request.params.reference);
      if (!view) throw new AppError('deposit_not_found');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(demoGatewayPage(view));
    },
  );

  const demoAction = (status: 'paid' | 'failed') => async (request: FastifyRequest, reply: FastifyReply) => {
    const { reference } = request.params as { reference: string };
    const view = await demoDeposit(db, reference);
    if (!view) throw new AppError('deposit_not_found');
    if (view.deposit.status === 'pending') {
      const body = JSON.stringify({
        reference,
        gatewayTransactionId: `DEMO-${reference}`,
        status,
        amount: formatAmount(view.deposit.amount, view.deposit.currency),
        currency: view.deposit.currency,
      });
      const sent = await scope.inject({
        method: 'POST',
        url: callbackPath(view.gateway.code),
        headers: {
          'content-type': 'application/json',
          merchant: view.merchantCode,
          [GATEWAY_SIGNATURE_HEADER]: signBody(await gatewaySecret(db, view.gateway), body),
        },
        payload: body,
      });
      if (sent.statusCode !== 200)
        request.log.warn({ status: sent.statusCode }, 'demo gateway callback refused');
    }
    return reply.redirect('/', 303);
  };

  for (const [action, status] of [
    ['pay', 'paid'],
    ['cancel', 'failed'],
  ] as const) {
    scope.post(
      `/wps/deposits/demo-gateway/:reference/${action}`,
      {
        schema: {
          tags: ['payment gateways'],
          summary: `Demo gateway: the member pressed ${action === 'pay' ? 'Pay' : 'Cancel'}`,
          description: `Sends the signed \`${status}\` callback server to server, then redirects (303) to the site.`,
          params: ReferenceParams,
        },
      },
      demoAction(status),
    );
  }
}

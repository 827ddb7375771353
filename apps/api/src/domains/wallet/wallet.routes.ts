import { ApiHeaders } from '@lotus/contracts/envelope';
import { MerchantWallet, WalletBalance, WalletBalanceQuery } from '@lotus/contracts/money';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { merchantWallet, walletBalance } from './wallet.service.ts';

const tags = ['wallet'];

export function walletRoutes(api: Api, { db, accounts }: RouteDeps) {
  const { guards } = accounts;

  api.get(
    '/wps/v2/wallets/balance',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary: "The member's wallets (trial accounts included: their demo balance)",
        description:
          'Amounts are decimal strings with exactly the currency scale (PHP: "1234.50"), integers of minor units underneath, never JSON numbers. `typeId=0` (default) lists every wallet: the main wallet has accountTypeId 0; in transfer mode each vendor wallet has its vendor id. sumBalance is their sum.',
        headers: ApiHeaders,
        querystring: WalletBalanceQuery,
        response: responses(WalletBalance, 401),
      },
    },
    async (request) => {
      const { member } = request.member!;
      return ok(await walletBalance(db, request.brand, member));
    },
  );

  for (const method of ['GET', 'POST'] as const) {
    api.route({
      method,
      url: '/wps/relay/GCS_merchantWallet',
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary:
          "The brand's wallet mode: isSingle = seamless single wallet (default), false = transfer wallets",
        headers: ApiHeaders,
        response: responses(MerchantWallet, 401),
      },
      handler: async (request) => ok(await merchantWallet(db, request.brand.id)),
    });
  }
}

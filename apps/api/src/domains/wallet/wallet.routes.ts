import { ApiHeaders } from '@lotus/contracts/envelope';
import { MerchantWallet, WalletBalance, WalletBalanceQuery } from '@lotus/contracts/money';
import {
  ConsolidatedFunds,
  TransactionHistoryPage,
  TransactionHistoryQuery,
  WalletSweepBody,
  WalletTransferBody,
  WalletTransferResult,
} from '@lotus/contracts/wallet';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { transactionHistory } from './history.service.ts';
import { consolidatedFunds, sweepToMain, transferBetweenWallets } from './transfer.service.ts';
import { merchantWallet, walletBalance } from './wallet.service.ts';

const tags = ['wallet'];

export function walletRoutes(api: Api, { db, members }: RouteDeps) {
  const { guards } = members;

  api.get(
    '/wps/v2/wallets/balance',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary: "The member's wallets (trial accounts included: their demo balance)",
        description:
          'Amounts are decimal strings with exactly the currency scale (MYR: "1234.50"), integers of minor units underneath, never JSON numbers. `typeId=0` (default) lists every wallet: the main wallet has accountTypeId 0; in transfer mode each vendor wallet has its vendor id. sumBalance is their sum.',
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

  api.get(
    '/wps/member/info/funds/consolidated',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary: "The member's funds consolidated: main wallet, vendor wallets, sum and money in flight",
        description:
          'Amounts are decimal strings of the currency scale. In transfer mode `vendorWallets` lists every active vendor (0.00 until used) and any inactive one still holding money; in single-wallet mode only a vendor wallet left holding money. `sumBalance` = main + vendor wallets. `pendingWithdrawals`: requested, not yet paid out or returned (already out of the main wallet). `pendingDeposits`: submitted, not yet credited (no money moved yet). Neither is part of `sumBalance`.',
        headers: ApiHeaders,
        response: responses(ConsolidatedFunds, 401),
      },
    },
    async (request) => {
      const { member } = request.member!;
      return ok(await consolidatedFunds(db, request.brand, member));
    },
  );

  api.post(
    '/wps/relay/GCS_walletTransfer',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: 'Transfer mode: moves money between the main wallet (0) and one vendor wallet, either way',
        description:
          'Exactly one of `from`/`to` is 0 (the main wallet), the other a vendor id (accountTypeId of the balance). `requestId` is the idempotency key: the same id again moves nothing and answers `replayed: true`; the same id with another content is `idempotency_mismatch`. Refusals move nothing: `wallet_transfer_not_needed` (single-wallet brand), `wallet_vendor_unavailable` (unknown or inactive vendor), `insufficient_balance`, `amount_invalid`. Trial accounts are refused (`trial_account_restricted`).',
        headers: ApiHeaders,
        body: WalletTransferBody,
        response: responses(WalletTransferResult, 401, 403, 503),
      },
    },
    async (request) => {
      const { member } = request.member!;
      return ok(await transferBetweenWallets(db, request.brand, member, request.body));
    },
  );

  api.post(
    '/wps/relay/GCS_walletTransferAllToMain',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: 'Transfer mode: empties every vendor wallet into the main wallet ("all back to main")',
        description:
          'One ledger entry under `requestId` (a repeat moves nothing and answers `replayed: true`); inactive vendors are included so money is never stranded. `transferred` is what moved now.',
        headers: ApiHeaders,
        body: WalletSweepBody,
        response: responses(WalletTransferResult, 401, 403, 503),
      },
    },
    async (request) => {
      const { member } = request.member!;
      return ok(await sweepToMain(db, request.brand, member, request.body));
    },
  );

  api.get(
    '/wps/member/transactions',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary:
          "The account record (transactionHistory): every movement of the member's wallets, newest first",
        description:
          "One row per ledger posting on the member's main or vendor wallets: a stable `type` (deposit, withdrawal, withdrawal_return, bet, win, rollback, adjustment, transfer_in, transfer_out, transfer_upline, demo_credit, other), the signed `amount` and `balanceAfter` as decimal strings, `time` in ms, and a `reference`. Range `[from, to)` defaults to the past 7 days; `from` after `to` or a range over 92 days is `history_range_invalid`. Page size at most 100.",
        headers: ApiHeaders,
        querystring: TransactionHistoryQuery,
        response: responses(TransactionHistoryPage, 401, 403),
      },
    },
    async (request) => {
      const { member } = request.member!;
      return ok(await transactionHistory(db, request.brand, member, request.query));
    },
  );
}

import { agentsErrors } from './errors/agents.ts';
import { clientErrors } from './errors/client.ts';
import { contentErrors } from './errors/content.ts';
import { csErrors } from './errors/cs.ts';
import { depositsErrors } from './errors/deposits.ts';
import type { ErrorEntry } from './errors/entry.ts';
import { exclusionErrors } from './errors/exclusion.ts';
import { gamesErrors } from './errors/games.ts';
import { kycErrors } from './errors/kyc.ts';
import { limitsErrors } from './errors/limits.ts';
import { lotteryErrors } from './errors/lottery.ts';
import { membersErrors } from './errors/members.ts';
import { messagesErrors } from './errors/messages.ts';
import { missionsErrors } from './errors/missions.ts';
import { moneyErrors } from './errors/money.ts';
import { operatorsErrors } from './errors/operators.ts';
import { pointsErrors } from './errors/points.ts';
import { promotionsErrors } from './errors/promotions.ts';
import { referralsErrors } from './errors/referrals.ts';
import { transportErrors } from './errors/transport.ts';
import { uploadsErrors } from './errors/uploads.ts';
import { verificationErrors } from './errors/verification.ts';
import { vipErrors } from './errors/vip.ts';
import { withdrawalsErrors } from './errors/withdrawals.ts';
import type { SupportedLanguage } from './languages.ts';
import { textLanguage } from './languages.ts';

/**
 * The one published error catalogue: stable code, HTTP status, message key and the EN/MS/CN text.
 * Codes seen on the original platform (wire-protocol.md) keep their spelling; the platform's own
 * are snake_case. `status: 0` marks a client-side condition (the browser raises it, never the API).
 * The server answers `{ success: false, errorCode, message }` with `message` in the request's
 * Language; the web app shows the same text from the same table.
 */
type Entry = ErrorEntry;

/**
 * Each area's codes live in its own file under `errors/` (a new domain adds its file and one line
 * here); a code belongs to one file only (errors.test.ts checks it).
 */
const table = {
  ...transportErrors,
  ...clientErrors,
  ...membersErrors,
  ...verificationErrors,
  ...uploadsErrors,
  ...operatorsErrors,
  ...moneyErrors,
  ...withdrawalsErrors,
  ...depositsErrors,
  ...gamesErrors,
  ...lotteryErrors,
  ...csErrors,
  ...agentsErrors,
  ...pointsErrors,
  ...promotionsErrors,
  ...vipErrors,
  ...messagesErrors,
  ...missionsErrors,
  ...referralsErrors,
  ...contentErrors,
  ...limitsErrors,
  ...kycErrors,
  ...exclusionErrors,
};

/** The area files in catalogue order (errors.test.ts checks that no code is in two of them). */
export const ERROR_AREAS: readonly Readonly<Record<string, ErrorEntry>>[] = [
  transportErrors,
  clientErrors,
  membersErrors,
  verificationErrors,
  uploadsErrors,
  operatorsErrors,
  moneyErrors,
  withdrawalsErrors,
  depositsErrors,
  gamesErrors,
  lotteryErrors,
  csErrors,
  agentsErrors,
  pointsErrors,
  promotionsErrors,
  vipErrors,
  messagesErrors,
  missionsErrors,
  referralsErrors,
  contentErrors,
  limitsErrors,
  kycErrors,
  exclusionErrors,
];

export type ErrorCode = keyof typeof table;
export const ERROR_CODES = Object.keys(table) as ErrorCode[];

export type CatalogueEntry = { code: ErrorCode; status: number; key: string };

/** i18n key of a code's message; dots in legacy codes become underscores. */
export function errorKey(code: ErrorCode): string {
  return `errors.${code.replaceAll('.', '_')}`;
}

export const ERROR_CATALOGUE: readonly CatalogueEntry[] = ERROR_CODES.map((code) => ({
  code,
  status: table[code].status,
  key: errorKey(code),
}));

export function errorStatus(code: ErrorCode): number {
  return table[code].status;
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(table, code);
}

/** The message of a code in a language (any UI code; unsupported ones fall back to EN). */
export function errorMessage(code: ErrorCode, language?: string | null): string {
  const lang = textLanguage(language);
  const entry: Entry = table[code];
  return lang === 'MS' ? entry.ms : lang === 'CN' ? entry.cn : entry.en;
}

/** All error texts of one language keyed like `errorKey`, for loading into i18next. */
export function errorMessages(language: SupportedLanguage): Record<string, string> {
  return Object.fromEntries(
    ERROR_CODES.map((code) => [errorKey(code).slice('errors.'.length), errorMessage(code, language)]),
  );
}

import type { ErrorCode } from '@lotus/contracts/errors';
import { i18n } from './i18n.ts';

/** A failed call: the envelope's stable `errorCode` and its human `message` (spec wire envelope). */
export class ApiError extends Error {
  readonly errorCode: string;
  readonly status: number;
  readonly fieldErrors: Record<string, string> | undefined;
  /** The same fields' messages, translated by the server into the request's Language. */
  readonly fieldMessages: Record<string, string> | undefined;
  /** The envelope's `value` of a refusal that carries data (game_maintenance: recommended games). */
  readonly value: unknown;
  /** The envelope's `detail`: what a refusal names (a limit: its amount, what is left, when it frees). */
  readonly detail: Record<string, unknown> | undefined;

  constructor(
    errorCode: string,
    message: string,
    status = 0,
    fieldErrors?: Record<string, string>,
    fieldMessages?: Record<string, string>,
    value: unknown = null,
    detail?: Record<string, unknown>,
  ) {
    super(message || errorCode);
    this.name = 'ApiError';
    this.errorCode = errorCode;
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.fieldMessages = fieldMessages;
    this.value = value;
    this.detail = detail;
  }

  get isNetworkError(): boolean {
    return this.errorCode === 'network_abnormal';
  }
}

/** i18n key of a code in the `errors` namespace (same rule as the catalogue's errorKey). */
const keyOf = (code: string) => code.replaceAll('.', '_');

function hasCatalogueText(code: string): boolean {
  return i18n.exists(keyOf(code), { ns: 'errors' });
}

/**
 * A catalogue message in the current UI language. Components that render one call
 * useErrorCatalogue() first so the texts are loaded.
 */
export function catalogueText(code: ErrorCode): string {
  return hasCatalogueText(code) ? i18n.t(keyOf(code), { ns: 'errors' }) : code;
}

/**
 * What a limit's refusal adds to its catalogue text (docs/limits.md): the limit, what is left and
 * when it frees, in the UI language ('' for any other refusal).
 */
export function refusalDetailText(detail: Record<string, unknown> | undefined): string {
  if (!detail || typeof detail.limit !== 'string' || typeof detail.remaining !== 'string') return '';
  const parts = [i18n.t('limits.refusal.amounts', { limit: detail.limit, remaining: detail.remaining })];
  if (typeof detail.freesAt === 'number') {
    parts.push(
      i18n.t('limits.refusal.frees', {
        time: new Date(detail.freesAt).toLocaleString(
          i18n.language === 'CN' ? 'zh-CN' : i18n.language === 'MS' ? 'ms-MY' : 'en-GB',
        ),
      }),
    );
  } else if (detail.freesAt === null) {
    parts.push(i18n.t('limits.refusal.aboveLimit'));
  }
  return parts.join(' ');
}

/** The string fields of a refusal's value, filling `{{name}}` of its text (an exclusion's end date). */
function textValues(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** The text to show for any thrown value, preferring the shared catalogue in the UI language. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (hasCatalogueText(error.errorCode)) {
      const text = i18n.t(keyOf(error.errorCode), { ns: 'errors', ...textValues(error.value) });
      const extra = refusalDetailText(error.detail);
      return extra ? `${text} ${extra}` : text;
    }
    if (error.message && error.message !== error.errorCode) return error.message;
  }
  return catalogueText('system_error');
}

/**
 * Field errors of a failed call, one message per field: the server's translated text when it sent
 * one, else the catalogue text of the field's key (`errors.<code>`).
 */
export function fieldErrorTexts(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fieldErrors) return {};
  const out: Record<string, string> = {};
  for (const [field, key] of Object.entries(error.fieldErrors)) {
    const translated = error.fieldMessages?.[field];
    const code = key.startsWith('errors.') ? key.slice('errors.'.length) : key;
    out[field] =
      translated || (hasCatalogueText(code) ? i18n.t(keyOf(code), { ns: 'errors' }) : errorText(error));
  }
  return out;
}

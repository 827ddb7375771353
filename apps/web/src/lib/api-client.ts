import { ApiError } from './api-error.ts';
import { currentLanguage } from './i18n.ts';
import { resolveMerchant } from './merchant.ts';
import { openModal } from './modals.ts';
import { reportSessionEnded, SESSION_ENDED_CODES } from './session.ts';
import { storage } from './storage.ts';

type Query = Record<string, string | number | boolean | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  /** JSON body. */
  body?: unknown;
  /** Multipart body (uploads); the browser sets the boundary header. */
  form?: FormData;
  /** Extra headers (the Encryption and Digest headers of the E calls). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The headers every call carries (wire-protocol.md, Transport). */
export function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    Merchant: resolveMerchant() ?? '',
    Language: currentLanguage(),
    Device: 'web',
    Accept: 'application/json',
  };
  const token = storage.token();
  if (token) headers.Authorization = token;
  return headers;
}

type Envelope = {
  success: boolean;
  value: unknown;
  message?: string;
  errorCode?: string;
  fieldErrors?: unknown;
  fieldMessages?: unknown;
  detail?: unknown;
};

const isPlainRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const asRecord = (value: unknown) =>
  typeof value === 'object' && value !== null ? (value as Record<string, string>) : undefined;

function isEnvelope(data: unknown): data is Envelope {
  return typeof data === 'object' && data !== null && 'success' in data && typeof data.success === 'boolean';
}

/**
 * One call to the platform API: adds the headers, unwraps `{ success, value, message, errorCode }`
 * and throws ApiError for every failure, so callers only ever see `value` or an ApiError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = { ...requestHeaders(), ...options.headers };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError('network_abnormal', '');
  }

  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }

  if (!isEnvelope(data)) {
    const code = response.status === 503 ? 'system_maintenance' : 'system_error';
    throw new ApiError(code, '', response.status);
  }
  if (!data.success || !response.ok) {
    const code = data.errorCode || 'system_error';
    // The token was replaced by a newer login or is no longer valid: the session is over.
    if (response.status === 401 && SESSION_ENDED_CODES.includes(code)) reportSessionEnded(code);
    // A trial account reached a member feature the bar did not guard: the same warning.
    if (code === 'trial_account_restricted') openModal({ name: 'trialWarning' });
    throw new ApiError(
      code,
      data.message ?? '',
      response.status,
      asRecord(data.fieldErrors),
      asRecord(data.fieldMessages),
      data.value ?? null,
      isPlainRecord(data.detail) ? data.detail : undefined,
    );
  }
  return data.value as T;
}

import { i18n } from './i18n.ts';
import { resolveMerchant } from './merchant.ts';
import { session } from './session.ts';

type Query = Record<string, string | number | boolean | undefined>;

export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
};

/** A failed call: the catalogue code and the server's text in the current language. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: string;
  readonly status: number;
  constructor(code: string, message: string, status: number) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * One back-office call (`/bo/v1/...`): Merchant, Language and the operator token are added, the
 * envelope is unwrapped, and every failure is an ApiError. A 401 ends the local session, which
 * brings the login page back.
 */
export async function boApi<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Merchant: resolveMerchant() ?? '',
    Language: i18n.language || 'EN',
    Accept: 'application/json',
  };
  const token = session.token();
  if (token) headers.Authorization = token;
  let body: string | undefined;
  if (options.body !== undefined) {
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
    });
  } catch {
    throw new ApiError('network_abnormal', i18n.t('common.networkError'), 0);
  }
  type Envelope = { success?: boolean; value?: unknown; message?: string; errorCode?: string };
  let data: Envelope | null;
  try {
    data = (await response.json()) as Envelope;
  } catch {
    data = null;
  }
  if (data?.success === true) return data.value as T;
  const code = data?.errorCode || 'system_error';
  if (code === 'operator_not_login' && token) session.clear();
  throw new ApiError(code, data?.message || i18n.t('common.unexpectedError'), response.status);
}

/**
 * An image or file the back office may only read with the operator token (a deposit's receipt, a
 * withdrawal's proof): fetched with the same headers as boApi and answered as an object URL, which
 * the caller revokes when done. Throws ApiError-like errors on any failure.
 */
export async function boBlobUrl(path: string): Promise<string> {
  const response = await fetch(path, {
    headers: { Authorization: session.token() ?? '', Merchant: resolveMerchant() ?? '' },
  });
  if (!response.ok) throw new ApiError('request_failed', String(response.status), response.status);
  return URL.createObjectURL(await response.blob());
}

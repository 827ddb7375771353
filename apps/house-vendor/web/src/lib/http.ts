import type { TFunction } from 'i18next';

/**
 * The game pages' HTTP call to their own server (same origin, bearer session token) and its error:
 * `{ error: code }` answers become an ApiError with that code, a failed fetch `network`. Shared by
 * the slots' api (lib/api.ts) and the live tables' (live/api.ts).
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, status: number) {
    super(code);
    this.code = code;
    this.status = status;
  }
}

export async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new ApiError('network', 0);
  }
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const code = (data as { error?: unknown } | null)?.error;
    throw new ApiError(typeof code === 'string' ? code : 'internal_error', response.status);
  }
  return data as T;
}

/** A failed call's message in the slot page: the codes it can act on, otherwise "connection failed". */
export function callFailureText(t: TFunction, error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'network';
  if (code === 'session_invalid' || code === 'service_unavailable' || code === 'too_many_requests')
    return t(`errors.${code}`);
  return t('errors.network');
}

/** The page's message when its session cannot be opened (launch exchange or first state). */
export function sessionFailureText(t: TFunction, error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'network';
  if (code === 'session_invalid' || code === 'launch_invalid') return t('errors.session_invalid');
  if (code === 'platform_unavailable') return t('errors.platform_unavailable');
  if (code === 'service_unavailable') return t('errors.service_unavailable');
  if (code === 'too_many_requests') return t('errors.too_many_requests');
  if (code === 'table_unknown' || code === 'game_unknown') return t('errors.game_unknown');
  return t('errors.network');
}

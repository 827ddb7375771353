/**
 * Whether an error means the database (or Redis) cannot be reached right now, as opposed to a
 * fault of the statement: the connection was refused, reset or closed by the server (restart,
 * failover, pg_terminate_backend), the server is starting or shutting down, or the database is gone.
 * Such errors answer 503 `service_unavailable`; the pool opens fresh connections on the next call,
 * so the API recovers by itself when the database is back.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** SQLSTATEs of an unreachable database: class 08 (connection), 57P01-57P03 (shutdown, starting), 3D000. */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '3D000'
  );
}

const MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection is closed',
  'connect ECONNREFUSED',
];

export function isUnavailableError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) return true;
    if (MESSAGES.some((m) => current instanceof Error && current.message.startsWith(m))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

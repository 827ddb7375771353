/**
 * Whether the database refused a value the client sent, rather than failing by itself: SQLSTATE
 * class 22 (data exception: a number out of range, a NUL or invalid character in text, an
 * impossible date) or 54000 (a value too large to index). The edge refuses these first (schemas,
 * the NUL check, the id pattern); this is the net under it, so such a value answers 400
 * request_param_err and the rolled-back statement has changed nothing.
 */
export function isBadInputError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  if (typeof code !== 'string' || typeof severity !== 'string') return false;
  return code.startsWith('22') || code === '54000';
}

/** PostgreSQL's unique_violation (23505): an insert or update met a unique index. */
/** True for PostgreSQL's unique_violation (23505), from pg and PGlite alike. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

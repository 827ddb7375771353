/**
 * How a migration is named, for the API's and the house vendor's migrators: the names given before
 * issue 22 (`NNNN_name`, one global number each) are applied in deployed databases, where the
 * migration table holds them, so they stay as they are, frozen in a list; every newer migration is
 * named by the UTC time it was written, `YYYYMMDDTHHMMSS_name` (e.g. `20261128T154500_member_notes`).
 * Two branches written in parallel do not meet on a timestamp and a name, need no number handed out,
 * and Kysely runs them in name order, after every legacy one (a digit 2 sorts after 0).
 */

/** A legacy name: its number and name (`0030_lottery`). */
export const NUMBERED_MIGRATION = /^\d{4}_[a-z0-9_]+$/;
/** A newer name: its UTC timestamp and name (`20261128T154500_member_notes`). */
export const TIMESTAMPED_MIGRATION = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})_[a-z0-9_]+$/;
/** No timestamp before the day the numbered names were frozen. */
export const FIRST_TIMESTAMP = '20261128T000000';

/** Whether a name has one of the two forms (legacy `NNNN_name`, or `YYYYMMDDTHHMMSS_name`). */
export function isMigrationName(name: string): boolean {
  return NUMBERED_MIGRATION.test(name) || TIMESTAMPED_MIGRATION.test(name);
}

/**
 * Why a migration may not have this name, or null when it may: a legacy name must be one of the
 * frozen list; any other is a real UTC time (not before FIRST_TIMESTAMP) and a lower-case name.
 */
export function migrationNameProblem(name: string, legacy: ReadonlySet<string>): string | null {
  if (legacy.has(name)) return null;
  if (NUMBERED_MIGRATION.test(name)) {
    return `is numbered, and the numbered names are frozen (the legacy list): name a new migration by its UTC timestamp, YYYYMMDDTHHMMSS_name (e.g. ${nowStamp()}${name.slice(4)})`;
  }
  const m = TIMESTAMPED_MIGRATION.exec(name);
  if (!m) return 'is not NNNN_name (a frozen legacy name) nor YYYYMMDDTHHMMSS_name (its UTC timestamp)';
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as number[];
  const time = new Date(Date.UTC(year as number, (month as number) - 1, day, hour, minute, second));
  const real =
    time.getUTCFullYear() === year &&
    time.getUTCMonth() === (month as number) - 1 &&
    time.getUTCDate() === day &&
    time.getUTCHours() === hour &&
    time.getUTCMinutes() === minute &&
    time.getUTCSeconds() === second;
  if (!real) return 'has no real UTC time in its YYYYMMDDTHHMMSS';
  if (name.slice(0, FIRST_TIMESTAMP.length) < FIRST_TIMESTAMP) {
    return `is timestamped before ${FIRST_TIMESTAMP}, when the numbered names were frozen`;
  }
  return null;
}

/** The current UTC time as a migration's timestamp (YYYYMMDDTHHMMSS). */
export function nowStamp(now = new Date()): string {
  return now.toISOString().slice(0, 19).replace(/[-:]/g, '');
}

/** Throws the first name of the list that may not be a migration's (the owner named in the message). */
export function assertMigrationNames(
  names: readonly { name: string; owner: string }[],
  legacy: ReadonlySet<string>,
): void {
  for (const { name, owner } of names) {
    const problem = migrationNameProblem(name, legacy);
    if (problem) throw new Error(`Migration ${name} (${owner}) ${problem}`);
  }
}

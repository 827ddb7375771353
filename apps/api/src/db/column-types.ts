import type { ColumnType } from 'kysely';

/**
 * Column types shared by every table file: ids are int8 and arrive as strings (never JS numbers),
 * timestamps as Date, money as int8 strings of minor units.
 */
export type Id = ColumnType<string, never, never>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamp without a default: every insert gives it. */
export type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;
export type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** Money (migration 0003): bigint minor units arrive as strings and are handled as bigint. */
export type Minor = ColumnType<string, string | bigint, string | bigint>;

/**
 * A table only SQL reads and writes, without a row type for Kysely: named in its owner's
 * `*SqlOnlyTables` interface so that its owner and creating migration are known (npm run boundaries,
 * db/schema.test.ts).
 */
export type SqlOnlyTable = never;

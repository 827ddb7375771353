import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** A database handle or an open transaction: repository statements run in either. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** An open transaction (work that must commit or roll back together). */
export type Tx = Transaction<Database>;

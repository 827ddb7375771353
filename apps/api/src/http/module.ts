import type { RepeatableFunction } from '@lotus/db-repeatable';
import type { Migration } from 'kysely/migration';
import type { DeadLetterHandler } from '../domains/verification/delivery.ts';
import type { EventConsumer } from '../events/event.ts';
import type { LedgerKinds } from '../events/money-facts.ts';
import type { ScheduledJob } from '../jobs/job.ts';
import type { Api, RouteDeps } from './types.ts';

/**
 * One domain of the platform as the app sees it (fastify's "one plugin per module"): everything a
 * domain brings is declared here and `app.ts` iterates over the list in `modules.ts`, so adding a
 * domain adds one entry to that list and edits nothing else that is shared.
 */
export type DomainModule = {
  /** The domain's folder name under `src/domains/`. */
  name: string;
  /** Member and visitor routes (`/wps`, `/lgw`), inside the brand scope (Merchant header). */
  routes?: (api: Api, deps: RouteDeps) => void;
  /** Back-office routes (`/bo/v1`), inside the brand scope, each guarded by `operators.guard(...)`. */
  adminRoutes?: (api: Api, deps: RouteDeps) => void;
  /**
   * Routes outside the Merchant-header tenancy, each in its own encapsulated scope (game vendors'
   * signed seamless calls, payment gateways' callbacks, files served by name).
   */
  externalRoutes?: (scope: Api, deps: RouteDeps) => void | Promise<void>;
  /** Scheduled jobs of the domain, run by processes with the worker role. */
  jobs?: readonly ScheduledJob[];
  /** Readers of the event feed (money facts of the ledger's journal), run by processes with the worker role. */
  consumers?: readonly EventConsumer[];
  /**
   * The journal entry kinds the domain posts, each with what it means (docs/money-facts.md): the
   * feed derives every reader's facts from these declarations; an undeclared kind fails a test.
   */
  ledgerKinds?: LedgerKinds;
  /**
   * The domain's migrations (files under the domain's `migrations/`), keyed by their file's name: a
   * new one by the UTC time it was written, `YYYYMMDDTHHMMSS_name` (no number to ask for; the
   * `NNNN_name` ones are a frozen legacy list, db/migrator.ts), so every database runs them in the
   * same order whatever module declares them. A migration defines only its own domain's tables.
   */
  migrations?: Readonly<Record<string, Migration>>;
  /**
   * What the domain withdraws when one of its messages ends in the dead letters (a reset link whose
   * e-mail never arrived), run by the delivery worker in the transaction that marks the row dead.
   */
  deadLetters?: readonly DeadLetterHandler[];
  /** SQL functions kept as repeatable migrations (one file each, re-applied when its checksum changes). */
  functions?: readonly RepeatableFunction[];
};

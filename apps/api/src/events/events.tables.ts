import type { Defaulted } from '../db/column-types.ts';

/** A consumer's position in the event feed (see src/events). */
export interface EventConsumersTable {
  name: string;
  last_tx_id: Defaulted<string>;
  last_entry_id: Defaulted<string>;
  consumed: Defaulted<string>;
  updated_at: Defaulted<Date>;
  last_error: Defaulted<string>;
  last_error_at: Date | null;
}

/** The events domain's tables, merged into the Database type (db/schema.ts). */
export interface EventsTables {
  /** Created by migration 0013_event_feed_and_job_runs. */
  event_consumers: EventConsumersTable;
}

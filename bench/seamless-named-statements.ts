/**
 * A what-if for the seamless benchmark, never part of the product: loaded into the bench server
 * with `--import` when BENCH_SEAMLESS_NAMED=1, it names every parameterised query by a hash of its
 * text, so node-pg prepares it once per connection (as pgbench -M prepared does) instead of
 * PostgreSQL parsing and planning it on every call. It measures what naming statements in
 * apps/api/src/db/database.ts would gain.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const original = pg.Client.prototype.query as unknown as Query;
const named: Query = function (this: pg.Client, ...args: unknown[]) {
  const [text, values] = args;
  if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2) {
    const name = `q${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    return original.call(this, { name, text, values });
  }
  return original.apply(this, args);
};
pg.Client.prototype.query = named as unknown as typeof pg.Client.prototype.query;

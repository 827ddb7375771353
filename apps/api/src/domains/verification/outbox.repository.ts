import type { Executor } from '../../db/executor.ts';

/** A page of the brand's SMS outbox (the demo's delivery of SMS codes), newest first. */
export async function smsOutboxPage(executor: Executor, brandId: string, page: number, pageSize: number) {
  const base = executor.selectFrom('sms_outbox').where('brand_id', '=', brandId);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'phone', 'body', 'created_at'])
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** A page of the brand's e-mail outbox, newest first. */
export async function emailOutboxPage(executor: Executor, brandId: string, page: number, pageSize: number) {
  const base = executor.selectFrom('email_outbox').where('brand_id', '=', brandId);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'to_address', 'subject', 'body', 'created_at'])
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

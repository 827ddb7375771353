import type { OperatorFeedbackPage } from '@lotus/contracts/cs';
import { describe, expect, it } from 'vitest';
import { addDays, utcDay } from '../../../test/days.ts';
import { randomIp } from '../../../test/members.ts';
import {
  backOfficeTeam,
  createOperator,
  operatorCall,
  operatorLogin,
  uniqueName,
} from '../../../test/operators.ts';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';

const ctx = setupTestApp();
const team = backOfficeTeam(ctx);

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64, 1),
]);

/** PUT /wps/feedback as a browser sends it: `content` and up to three images. */
async function sendFeedback(content: string, images: number, merchant = 'DEMO') {
  const boundary = '----lotusAdminFeedback';
  const parts = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\n${content}\r\n`),
  ];
  for (let i = 0; i < images; i += 1) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="s${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await call<{ id: string }>(ctx.app, {
    method: 'PUT',
    url: '/wps/feedback',
    remoteAddress: randomIp(),
    headers: { ...headers(merchant), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  if (!res.body.success) throw new Error(`feedback refused: ${res.body.errorCode}`);
  return res.body.value.id;
}

describe('/bo/v1/feedback', () => {
  it('shows every role the brand feedback, newest first, with its images for an operator token only', async () => {
    const first = await sendFeedback('The lobby is slow on my phone', 2);
    const second = await sendFeedback('Love the new banners', 0);
    const page = await team.bo<OperatorFeedbackPage>('readonly', 'GET', '/bo/v1/feedback?size=2');
    expect(page.body.value.items.map((f) => f.id)).toEqual([second, first]);
    const withImages = page.body.value.items[1];
    expect(withImages).toMatchObject({ content: 'The lobby is slow on my phone', language: 'EN' });
    expect(withImages?.imageIds).toHaveLength(2);

    const imageId = withImages?.imageIds[0] as string;
    const image = await ctx.app.inject({
      method: 'GET',
      url: `/bo/v1/feedback/images/${imageId}`,
      headers: { ...headers(), authorization: await tokenOf('marketing') },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/bo/v1/feedback/images/${imageId}`,
      headers: headers(),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("never shows another brand's feedback or images", async () => {
    const brand = await createBrand(ctx.db);
    const theirs = await sendFeedback('Other brand feedback', 1, brand.merchantCode);
    const page = await team.bo<OperatorFeedbackPage>('admin', 'GET', '/bo/v1/feedback?size=100');
    expect(page.body.value.items.some((f) => f.id === theirs)).toBe(false);

    const username = uniqueName('fb');
    await createOperator(ctx.db, {
      merchantCode: brand.merchantCode,
      username,
      password: 'Secret123',
      role: 'cs',
    });
    const token = await operatorLogin(ctx, {
      merchantCode: brand.merchantCode,
      username,
      password: 'Secret123',
    });
    const own = await operatorCall<OperatorFeedbackPage>(ctx, token, {
      method: 'GET',
      url: '/bo/v1/feedback',
      merchant: brand.merchantCode,
    });
    const imageId = own.body.value.items[0]?.imageIds[0] as string;
    expect(own.body.value.items[0]?.id).toBe(theirs);
    const cross = await team.bo('admin', 'GET', `/bo/v1/feedback/images/${imageId}`);
    expect(cross.status).toBe(404);
    expect(cross.body.errorCode).toBe('not_found');
  });

  it('filters by day and refuses impossible days and ids', async () => {
    const id = await sendFeedback('Today', 0);
    // The UTC day of the feedback's own time, not the clock's (the test may run across midnight).
    const newest = await team.bo<OperatorFeedbackPage>('cs', 'GET', '/bo/v1/feedback');
    const sent = newest.body.value.items.find((f) => f.id === id);
    expect(sent).toBeDefined();
    const day = utcDay(sent?.createdAt ?? '');
    const ids = async (query: string) =>
      (await team.bo<OperatorFeedbackPage>('cs', 'GET', `/bo/v1/feedback?${query}`)).body.value.items.map(
        (f) => f.id,
      );
    expect(await ids(`from=${day}&to=${day}`)).toContain(id);
    expect(await ids(`to=${addDays(day, -1)}`)).not.toContain(id);
    expect(await ids(`from=${addDays(day, 1)}`)).not.toContain(id);
    const future = await team.bo<OperatorFeedbackPage>('cs', 'GET', '/bo/v1/feedback?from=2099-01-01');
    expect(future.body.value).toMatchObject({ items: [], total: 0 });
    expect((await team.bo('cs', 'GET', '/bo/v1/feedback?to=2026-02-30')).status).toBe(400);
    expect((await team.bo('cs', 'GET', '/bo/v1/feedback/images/99999999999999999999')).status).toBe(400);
  });
});

/** A second login of a role's operator (the team keeps its tokens private). */
async function tokenOf(role: 'marketing') {
  const username = uniqueName(role.slice(0, 3));
  await createOperator(ctx.db, { merchantCode: 'DEMO', username, password: 'Secret123', role });
  return operatorLogin(ctx, { merchantCode: 'DEMO', username, password: 'Secret123' });
}

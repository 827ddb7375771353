import { errorMessage } from '@lotus/contracts/errors';
import { FEEDBACK_RULES } from '@lotus/contracts/system';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, countRows, createBrand, headers, listFiles, setupTestApp } from '../../../test/support.ts';

const ctx = setupTestApp({ rateLimits: { feedback: { max: 20, timeWindow: 60_000 } } });

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64, 1),
]);
const JPG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64, 2),
]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.alloc(64, 3)]);

type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; bytes: Buffer };

function multipart(parts: Part[]) {
  const boundary = '----lotusTestBoundary7d93';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const image = (bytes: Buffer, filename = 'photo.png', contentType = 'image/png'): Part => ({
  name: 'images',
  filename,
  contentType,
  bytes,
});

async function send(parts: Part[], merchant = 'DEMO', language = 'EN', remoteAddress = '127.0.0.1') {
  const { payload, contentType } = multipart(parts);
  return call<{ id: string; images: number }>(ctx.app, {
    method: 'PUT',
    url: '/wps/feedback',
    remoteAddress,
    headers: { ...headers(merchant, language), 'content-type': contentType },
    payload,
  });
}

let before: { rows: number; images: number; files: number };
beforeEach(async () => {
  before = {
    rows: await countRows(ctx.db, 'feedback'),
    images: await countRows(ctx.db, 'feedback_images'),
    files: (await listFiles(ctx.uploadDir)).length,
  };
});

/** Nothing was stored: no feedback row, no image row, no file (final or temporary). */
async function expectNothingStored() {
  expect(await countRows(ctx.db, 'feedback')).toBe(before.rows);
  expect(await countRows(ctx.db, 'feedback_images')).toBe(before.images);
  expect((await listFiles(ctx.uploadDir)).length).toBe(before.files);
}

describe('PUT /wps/feedback', () => {
  it('stores trimmed feedback without images', async () => {
    const { status, body } = await send([{ name: 'content', value: '  The site is great  ' }]);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, value: { images: 0 } });
    const row = await ctx.db
      .selectFrom('feedback')
      .select(['content', 'language'])
      .where('id', '=', body.value.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ content: 'The site is great', language: 'EN' });
  });

  it('stores up to three png/jpg images under random names, never the client file name', async () => {
    const { status, body } = await send([
      { name: 'content', value: 'Screenshots attached' },
      image(PNG, '../../etc/evil.png'),
      image(JPG, 'b.jpg', 'image/jpeg'),
      image(PNG, 'c.png'),
    ]);
    expect(status).toBe(200);
    expect(body.value.images).toBe(3);
    expect(await countRows(ctx.db, 'feedback_images')).toBe(before.images + 3);
    const files = await listFiles(ctx.uploadDir);
    const stored = files.filter((f) => f.startsWith('feedback/'));
    expect(stored).toHaveLength(before.files + 3);
    expect(files.some((f) => f.includes('evil') || f.startsWith('tmp/'))).toBe(false);
    expect(stored.every((f) => /^feedback\/\d+\/[0-9a-f-]{36}\.(png|jpg)$/.test(f))).toBe(true);
  });

  it('counts 140 characters as people do (CJK)', async () => {
    const { status } = await send([{ name: 'content', value: '好'.repeat(FEEDBACK_RULES.maxLength) }]);
    expect(status).toBe(200);
  });

  it.each([
    ['empty', ''],
    ['blank', '   \n '],
    ['too long', 'x'.repeat(FEEDBACK_RULES.maxLength + 1)],
    ['far too long', 'y'.repeat(10_000)],
  ])('refuses %s content with feedback_invalid and stores nothing', async (_label, value) => {
    const { status, body } = await send([{ name: 'content', value }, image(PNG)]);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('feedback_invalid');
    await expectNothingStored();
  });

  it('refuses a missing content field', async () => {
    const { status, body } = await send([image(PNG)]);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('feedback_invalid');
    await expectNothingStored();
  });

  it('refuses a fourth image with upload_too_many and stores nothing', async () => {
    const { status, body } = await send([
      { name: 'content', value: 'four images' },
      image(PNG),
      image(PNG),
      image(JPG, 'x.jpg', 'image/jpeg'),
      image(PNG),
    ]);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('upload_too_many');
    await expectNothingStored();
  });

  it('refuses an image of 5 MB or more with upload_too_large and stores nothing', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(FEEDBACK_RULES.maxImageBytes, 0)]);
    const { status, body } = await send([{ name: 'content', value: 'big' }, image(PNG), image(big)]);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('upload_too_large');
    await expectNothingStored();
  });

  it.each([
    ['a GIF named .png', GIF, 'cat.png', 'image/png'],
    ['a script named .png', Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png'],
    ['an empty file', Buffer.alloc(0), 'empty.jpg', 'image/jpeg'],
  ])('refuses %s with upload_type_invalid and stores nothing', async (_label, bytes, filename, type) => {
    const { status, body } = await send([
      { name: 'content', value: 'disguised' },
      image(PNG),
      image(bytes, filename, type),
    ]);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('upload_type_invalid');
    await expectNothingStored();
  });

  it('translates upload errors', async () => {
    const { body } = await send([{ name: 'content', value: 'x' }, image(GIF)], 'DEMO', 'CN');
    expect(body.message).toBe(errorMessage('upload_type_invalid', 'CN'));
  });

  it('refuses a non-multipart body with request_param_err', async () => {
    const { status, body } = await call(ctx.app, {
      method: 'PUT',
      url: '/wps/feedback',
      headers: headers(),
      payload: { content: 'json is not accepted' },
    });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
    await expectNothingStored();
  });

  it('refuses an unknown merchant before reading the body', async () => {
    const { status, body } = await send([{ name: 'content', value: 'hello' }], 'NOSUCH');
    expect(status).toBe(400);
    expect(body.errorCode).toBe('function.not.available');
    await expectNothingStored();
  });

  it('stores feedback under its own brand', async () => {
    const brand = await createBrand(ctx.db);
    const { body } = await send([{ name: 'content', value: 'other brand' }], brand.merchantCode);
    const row = await ctx.db
      .selectFrom('feedback')
      .select('brand_id')
      .where('id', '=', body.value.id)
      .executeTakeFirstOrThrow();
    expect(row.brand_id).toBe(brand.id);
  });

  it('throttles a sender with TOO_MANY_REQUESTS', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const { status } = await send([{ name: 'content', value: `n${i}` }], 'DEMO', 'EN', '203.0.113.7');
      statuses.push(status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    const last = await send([{ name: 'content', value: 'again' }], 'DEMO', 'MS', '203.0.113.7');
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({
      errorCode: 'TOO_MANY_REQUESTS',
      message: errorMessage('TOO_MANY_REQUESTS', 'MS'),
    });
  });
});

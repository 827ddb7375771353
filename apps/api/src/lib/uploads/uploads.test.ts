import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_UPLOAD_RULES } from '@lotus/contracts/uploads';
import { describe, expect, it } from 'vitest';
import { bankTransfer, depositor, GIF, JPG, multipart, PNG } from '../../../test/deposits.ts';
import { call, countRows, headers, listFiles, setupTestApp } from '../../../test/support.ts';
import { acceptImage } from './uploads.ts';

/** Bytes each member may keep in this file's app: two small images fit, a third does not. */
const QUOTA = 2_000;
const ctx = setupTestApp({ uploadQuotaBytes: QUOTA });

/** A PNG of exactly `size` bytes (the signature is what makes it one). */
function png(size: number): Buffer {
  return Buffer.concat([PNG, Buffer.alloc(Math.max(0, size - PNG.length), 7)]);
}

function uploadAvatar(token: string, bytes: Buffer, ip = '10.9.0.1') {
  const form = multipart([{ name: 'avatar', filename: 'a.png', contentType: 'image/png', bytes }]);
  return call<{ avatar: string; avatarType: string }>(ctx.app, {
    method: 'POST',
    url: '/wps/relay/MCSFE_getPlayerAvatar',
    remoteAddress: ip,
    headers: { ...headers(), authorization: token, 'content-type': form.contentType },
    payload: form.payload,
  });
}

async function avatarFiles(): Promise<string[]> {
  return (await readdir(path.join(ctx.uploadDir, 'avatars')).catch(() => [])).sort();
}

describe('image acceptance (one rule for every upload)', () => {
  it('accepts PNG and JPG by their bytes, refuses anything else and the 5 MB limit itself', async () => {
    expect((await acceptImage(PNG)).extension).toBe('png');
    expect((await acceptImage(JPG)).mimeType).toBe('image/jpeg');
    await expect(acceptImage(GIF)).rejects.toMatchObject({ code: 'upload_type_invalid' });
    await expect(acceptImage(Buffer.from('<svg/>'))).rejects.toMatchObject({ code: 'upload_type_invalid' });
    await expect(acceptImage(png(IMAGE_UPLOAD_RULES.maxBytes))).rejects.toMatchObject({
      code: 'upload_too_large',
    });
    expect((await acceptImage(png(IMAGE_UPLOAD_RULES.maxBytes - 1))).extension).toBe('png');
  });
});

describe('avatar uploads', () => {
  it('deletes the replaced file from disk and keeps one file per member', async () => {
    const m = await depositor(ctx);
    const before = await avatarFiles();
    const first = await uploadAvatar(m.token, png(300));
    expect(first.body.success).toBe(true);
    const firstFile = path.basename(first.body.value.avatar);
    expect(await avatarFiles()).toEqual([...before, firstFile].sort());
    const second = await uploadAvatar(m.token, png(400));
    expect(second.body.success).toBe(true);
    const secondFile = path.basename(second.body.value.avatar);
    expect(secondFile).not.toBe(firstFile);
    const after = await avatarFiles();
    expect(after).toContain(secondFile);
    expect(after).not.toContain(firstFile);
    expect(after).toHaveLength(before.length + 1);
  });

  it('answers 429 after the per-member limit of rapid uploads, even from changing addresses', async () => {
    const m = await depositor(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      statuses.push((await uploadAvatar(m.token, png(200), `10.8.${i}.1`)).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // Picking a shipped avatar is not an upload and is not counted.
    const pick = await call(ctx.app, {
      method: 'POST',
      url: '/wps/relay/MCSFE_getPlayerAvatar',
      headers: { ...headers(), authorization: m.token },
      payload: { avatar: '1', avatarType: 'STATIC' },
    });
    expect(pick.status).toBe(200);
  });

  it('answers 429 after the per-address limit, whichever members upload', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => depositor(ctx)));
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) {
      const m = members[i % members.length];
      if (!m) throw new Error('no member');
      statuses.push((await uploadAvatar(m.token, png(200), '10.7.7.7')).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describe('stored bytes per member', () => {
  it('refuses an upload over the quota with upload_quota_exceeded, stores nothing, and counts a replaced avatar once', async () => {
    const m = await depositor(ctx);
    // Replacing an avatar frees the old one: 900 then 1,200 bytes stay within 2,000.
    expect((await uploadAvatar(m.token, png(900))).body.success).toBe(true);
    expect((await uploadAvatar(m.token, png(1_200))).body.success).toBe(true);
    const files = await listFiles(ctx.uploadDir);
    const deposits = await countRows(ctx.db, 'deposits');
    // 1,200 + 900 is over 2,000: the receipt is refused, no deposit, no file.
    const refused = await bankTransfer(ctx, m, {}, { bytes: png(900) });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('upload_quota_exceeded');
    expect(await listFiles(ctx.uploadDir)).toEqual(files);
    expect(await countRows(ctx.db, 'deposits')).toBe(deposits);
    // A receipt that fits is stored.
    expect((await bankTransfer(ctx, m, {}, { bytes: png(700) })).body.success).toBe(true);
    // Another member is not affected by this one's usage.
    const other = await depositor(ctx);
    expect((await uploadAvatar(other.token, png(1_500))).body.success).toBe(true);
  });
});

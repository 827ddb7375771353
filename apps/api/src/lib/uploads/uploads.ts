import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_UPLOAD_RULES, imageSizeAccepted } from '@lotus/contracts/uploads';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Throttle } from '../../http/throttle.ts';
import {
  deleteMemberUpload,
  insertMemberUpload,
  lockMemberUploads,
  memberStoredBytes,
  type NewMemberUpload,
} from './uploads.repository.ts';

export type { UploadKind } from './uploads.repository.ts';

/**
 * The one home of uploaded files: which images are accepted, the 5 MB limit (shared with the browser
 * through @lotus/contracts/uploads), where files are written, how many bytes a member may keep, and
 * how often anyone may upload. Avatars, feedback images, deposit receipts and withdrawal proofs all go
 * through here.
 */
export const MAX_IMAGE_BYTES = IMAGE_UPLOAD_RULES.maxBytes;

/** A member keeps at most this many bytes of uploads unless UPLOAD_QUOTA_BYTES says otherwise. */
export const DEFAULT_UPLOAD_QUOTA_BYTES = 20 * 1024 * 1024;

export type AcceptedImage = { bytes: Buffer; mimeType: 'image/png' | 'image/jpeg'; extension: 'png' | 'jpg' };

/** Checks an upload by its bytes (magic numbers), never by the client's file name or declared type. */
export async function acceptImage(bytes: Buffer): Promise<AcceptedImage> {
  if (!imageSizeAccepted(bytes.length)) throw new AppError('upload_too_large');
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime === 'image/png') return { bytes, mimeType: 'image/png', extension: 'png' };
  if (detected?.mime === 'image/jpeg') return { bytes, mimeType: 'image/jpeg', extension: 'jpg' };
  throw new AppError('upload_type_invalid');
}

/**
 * Counts one upload against the caller's address and, when a member is logged in, against the member
 * (brand-scoped keys, Throttle rules uploadPerIp and uploadPerMember); refuses with
 * TOO_MANY_REQUESTS once either is spent. Used as the preHandler of every upload route, after its
 * guard has resolved the member.
 */
export function uploadThrottle(throttle: Throttle, options: { onlyMultipart?: boolean } = {}) {
  return async (request: FastifyRequest): Promise<void> => {
    if (options.onlyMultipart && !request.isMultipart()) return;
    const brand = request.brand.id;
    const member = request.member?.member.id;
    const checks: Parameters<Throttle['consume']>[0] = [['uploadPerIp', `${brand}|${request.ip}`]];
    if (member) checks.push(['uploadPerMember', `${brand}|${member}`]);
    await throttle.consume(checks);
  };
}

/**
 * Files under UPLOAD_DIR are written in two steps: first to `tmp/<random>`, then renamed to their
 * final random name once the database row exists, so a failure at any step leaves nothing behind.
 * Client file names are never used. A member's files are recorded (member_uploads) in the transaction
 * that keeps them, so their total is capped at `quotaBytes`.
 */
export class UploadStore {
  readonly root: string;
  readonly quotaBytes: number;

  constructor(root: string, quotaBytes: number = DEFAULT_UPLOAD_QUOTA_BYTES) {
    this.root = root;
    this.quotaBytes = quotaBytes;
  }

  private tmpDir() {
    return path.join(this.root, 'tmp');
  }

  finalPath(storedName: string) {
    return path.join(this.root, storedName);
  }

  /** Writes bytes to a fresh temporary file and returns its path. */
  async writeTemp(bytes: Uint8Array): Promise<string> {
    await mkdir(this.tmpDir(), { recursive: true });
    const file = path.join(this.tmpDir(), `${randomUUID()}.part`);
    await writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
    return file;
  }

  /** A new random stored name inside a folder per brand: `feedback/<brandId>/<uuid>.<ext>`. */
  newStoredName(folder: string, brandId: string, extension: 'png' | 'jpg'): string {
    return path.posix.join(folder, brandId, `${randomUUID()}.${extension}`);
  }

  async promote(tempFile: string, storedName: string): Promise<void> {
    const target = this.finalPath(storedName);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(tempFile, target);
  }

  async remove(files: string[]): Promise<void> {
    await Promise.all(files.map((f) => rm(f, { force: true })));
  }

  /**
   * Records a member's file inside the transaction that keeps it, refusing with
   * upload_quota_exceeded when the member's stored bytes (less `replacing`, a file this one
   * replaces) would go over the quota. Concurrent uploads of one member are serialised.
   */
  async recordMemberFile(trx: Db, upload: NewMemberUpload, replacing: string | null = null): Promise<void> {
    await lockMemberUploads(trx, upload.memberId);
    if (replacing) await deleteMemberUpload(trx, replacing);
    const stored = await memberStoredBytes(trx, upload.memberId);
    if (stored + upload.sizeBytes > this.quotaBytes) throw new AppError('upload_quota_exceeded');
    await insertMemberUpload(trx, upload);
  }
}

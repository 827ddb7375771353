import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files under UPLOAD_DIR are written in two steps: first to `tmp/<random>`, then renamed to their
 * final random name once the database row exists, so a failure at any step leaves nothing behind.
 * Client file names are never used.
 */
export class UploadStore {
  readonly root: string;

  constructor(root: string) {
    this.root = root;
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
}

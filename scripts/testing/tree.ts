import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * A maker of throw-away repository trees (file path -> content) for the tools' tests, each removed
 * after its test. Call once at a test file's top level: it registers the clean-up.
 */
export function throwawayTrees(prefix: string): (files: Record<string, string>) => string {
  const trees: string[] = [];
  afterEach(() => {
    for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
  });
  return (files) => {
    const root = mkdtempSync(path.join(tmpdir(), prefix));
    trees.push(root);
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), content);
    }
    return root;
  };
}

/**
 * `npm start` (after `npm run build`): runs every process of the platform on this machine and stops
 * them together. Today that is the API server, which also serves the built member web app; the back
 * office and the house game vendor join this list as their issues land.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const roles: { name: string; entry: string }[] = [{ name: 'api', entry: 'apps/api/src/main.ts' }];

const children: ChildProcess[] = [];
let stopping = false;

function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 10_000).unref();
}

for (const role of roles) {
  const child = spawn(process.execPath, [join(root, role.entry)], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`[start] ${role.name} exited (${code ?? signal}); stopping the platform`);
    stopAll(code ?? 1);
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(code ?? 0);
  });
  children.push(child);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(0));

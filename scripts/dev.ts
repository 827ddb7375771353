/**
 * `npm run dev`: the API with file watching (port 8080), the Vite dev server of the member web
 * app with hot reload (it proxies /wps, /lgw and /docs to the API) and the back office's on
 * port 5174 (it proxies /bo).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch', join(root, 'apps/api/src/main.ts')], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@lotus/web'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@lotus/backoffice'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
for (const child of children) child.on('exit', stop);

#!/usr/bin/env node
// `npm start`: build the pages when the sources changed since the last build, then serve everything on one
// port (default 3000) with the embedded database unless DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const buildId = path.join(root, '.next', 'BUILD_ID');

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sourcesChanged = () => {
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return (
    ['app', 'engine', 'server', 'db'].some((d) => newest(path.join(root, d)) > built) ||
    ['package-lock.json', 'next.config.js'].some((f) => statSync(path.join(root, f)).mtimeMs > built)
  );
};

if (sourcesChanged()) {
  console.log('[hexfront] building the web app (first start or sources changed; about a minute)…');
  const r = spawnSync('npx', ['next', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (process.argv.includes('--build-only')) process.exit(0);

const child = spawn('npx', ['tsx', 'server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));

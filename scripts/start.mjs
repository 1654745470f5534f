// `npm start`: build the app if it has not been built (or the sources are newer), then run the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const builtMarker = join(root, 'dist', 'vite.config.json');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const needsBuild =
  !existsSync(builtMarker) ||
  newestMtime(join(root, 'src', 'client')) > statSync(builtMarker).mtimeMs ||
  newestMtime(join(root, 'src', 'shared')) > statSync(builtMarker).mtimeMs;

if (needsBuild) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Run the server in this very process, so signals (SIGTERM, Ctrl-C) reach its graceful shutdown.
process.env.NODE_ENV ??= 'production';
const { register } = await import('tsx/esm/api');
register();
await import(join(root, 'src', 'server', 'main.ts'));

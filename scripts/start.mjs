// `npm start`: build the app if it has not been built or its sources changed since (a hash of them, see
// server-build.mjs), then run the compiled server (dist/node/main.js) with plain node.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUILD_STAMP, projectRoot, SERVER_BUNDLE, sourcesHash } from './server-build.mjs';

const built = await readFile(join(projectRoot, BUILD_STAMP), 'utf8').catch(() => '');
if (built.trim() !== (await sourcesHash())) {
  console.log('Building the web app and the server…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Run the server in this very process, so signals (SIGTERM, Ctrl-C) reach its graceful shutdown.
process.env.NODE_ENV ??= 'production';
await import(join(projectRoot, SERVER_BUNDLE));

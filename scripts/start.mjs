// `npm start`: build the app if it has not been built or its sources changed since (see buildIsCurrent in
// server-build.mjs), then run the compiled server (dist/node/main.js) with plain node.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildIsCurrent, projectRoot, SERVER_BUNDLE } from './server-build.mjs';

if (!(await buildIsCurrent())) {
  console.log('Building the web app and the server…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Run the server in this very process, so signals (SIGTERM, Ctrl-C) reach its graceful shutdown.
process.env.NODE_ENV ??= 'production';
await import(join(projectRoot, SERVER_BUNDLE));

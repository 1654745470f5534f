// `npm run build`, after the client and SSR builds: bundles the server into dist/node/main.js with
// esbuild (with the packages a start loads), so `npm start` runs it with plain node instead of compiling
// TypeScript while loading (tsx: a second thread, about 90 MB more memory and a slower start). Then
// writes the hash of the sources it was built from, which `scripts/start.mjs` compares.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUILD_STAMP, buildServer, projectRoot, SERVER_BUNDLE, sourcesHash } from './server-build.mjs';

await buildServer();
await writeFile(join(projectRoot, BUILD_STAMP), `${await sourcesHash()}\n`);
console.log(`built the server into ${SERVER_BUNDLE}`);

// After `vite build`: write .br and .gz beside every compressible client file, so @fastify/static
// serves precompressed bytes (best quality, paid once at build time instead of on every request).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const root = new URL('../dist/client', import.meta.url).pathname;
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for await (const path of files(root)) {
  if (!compressible.test(path) || (await stat(path)).size < 512) continue;
  const bytes = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gz(bytes, { level: 9 }),
  ]);
  await writeFile(`${path}.br`, br);
  await writeFile(`${path}.gz`, gzipped);
  count += 1;
}
console.log(`precompressed ${count} files in dist/client`);

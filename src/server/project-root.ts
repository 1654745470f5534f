import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding the app's package.json, found by walking up from this module: the same answer
 * whether the server runs from its sources (src/server, through tsx) or from the bundle `npm run build`
 * writes (dist/node/main.js), where a path relative to `import.meta.url` would point elsewhere.
 */
function findProjectRoot(from: string): string {
  let folder = dirname(from);
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`no package.json above ${from}`);
    folder = parent;
  }
  return folder;
}

export const projectRoot = findProjectRoot(fileURLToPath(import.meta.url));

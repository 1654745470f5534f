// The import boundaries in biome.json's `overrides` (run by `npm test` through `biome check`): this runs
// Biome with a copy of that configuration on a throwaway tree of allowed and forbidden imports.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const projectRoot = resolve(import.meta.dirname, '..');

const files: Record<string, string> = {
  'src/client/features/blog/ok.ts': [
    "import { a } from './blog-api';",
    "import { b } from '../../lib/api-client';",
    "import { c } from '../../components/data-table/data-table';",
    "import { d } from '../../../shared/blog';",
    "import { e } from 'react-dom/server';",
    "import { f } from '../../lib/route-handle';",
    "import { g } from '../../components/app-error-boundary/app-error-boundary';",
  ].join('\n'),
  'src/client/features/blog/imports-app.ts': "import { a } from '../../app/routes';",
  'src/client/features/blog/imports-app-layout.ts': "import { a } from '../../app/layouts/public-layout';",
  'src/client/components/data-table/imports-app.ts': "import { a } from '../../app/route-handle';",
  'src/client/components/data-table/ok.ts': "import { a } from '../../lib/api-client';",
  'src/client/lib/imports-app.ts': "import { a } from '../app/routes';",
  'src/client/app/ok.ts': "import { a } from './routes';\nimport { b } from '../features/blog/blog-api';",
  'src/client/features/blog/imports-team.ts': "import { a } from '../team/team-api';",
  'src/client/features/blog/imports-faq.ts': "import { a } from '../../features/faq/faq-api';",
  'src/client/features/blog/imports-server.ts': "import { a } from '../../../server/app';",
  'src/client/lib/imports-server.ts': "import { a } from '../../server/db/schema';",
  'src/client/lib/ok.ts': "import { a } from '../../shared/blog';\nimport { b } from 'react';",
  'src/shared/ok.ts': "import { z } from 'zod';\nimport { texts } from './validation-texts';",
  'src/shared/imports-react.ts': "import { a } from 'react';",
  'src/shared/imports-client.ts': "import { a } from '../client/lib/api-client';",
  'src/shared/imports-node.ts': "import { a } from 'node:fs';",
  'src/shared/ok.test.ts': "import { it } from 'vitest';",
  'src/server/modules/appointments/ok.ts': [
    "import { a } from '../slots/slot-repository';",
    "import { b } from '../slots/slot-service';",
    "import { c } from './appointment-routes';",
    "import { d } from '../../db/schema';",
  ].join('\n'),
  'src/server/modules/appointments/imports-routes.ts': "import { a } from '../slots/slot-routes';",
  'src/server/modules/appointments/imports-admin-routes.ts':
    "import { a } from '../slots/slot-admin-routes';",
  'src/server/modules/appointments/imports-app.ts': "import { a } from '../../app';",
  'src/server/modules/appointments/ok.test.ts': "import { a } from '../slots/slot-routes';",
  'src/server/db/ok.ts': "import { a } from './schema';\nimport { b } from '../http/http-errors';",
  'src/server/db/imports-module.ts': "import { a } from '../modules/uploads/file-repository';",
  'src/server/db/imports-modules-folder.test.ts': "import { a } from '../modules';",
  'src/server/seed/ok.ts':
    "import { a } from '../modules/uploads/file-repository';\nimport { b } from '../db/schema';",
};

let root: string;
let refused: string[];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'import-boundaries-'));
  copyFileSync(join(projectRoot, 'biome.json'), join(root, 'biome.json'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), `${source}\nexport const used = [];\n`);
  }
  const biome = join(projectRoot, 'node_modules/.bin/biome');
  const result = spawnSync(biome, ['lint', '--only=style/noRestrictedImports', '--reporter=github', '.'], {
    cwd: root,
    encoding: 'utf8',
  });
  refused = [...result.stdout.matchAll(/^::error title=lint\/style\/noRestrictedImports,file=([^,]+)/gm)]
    .map((match) => match[1] ?? '')
    .sort();
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('import boundaries', () => {
  it("refuse a feature importing another feature, client code importing the server, a feature, component or helper importing the app, shared code importing anything but zod and shared modules, a server module importing another module's routes or the app, and the database layer importing a module", () => {
    expect(refused).toEqual([
      'src/client/components/data-table/imports-app.ts',
      'src/client/features/blog/imports-app-layout.ts',
      'src/client/features/blog/imports-app.ts',
      'src/client/features/blog/imports-faq.ts',
      'src/client/features/blog/imports-server.ts',
      'src/client/features/blog/imports-team.ts',
      'src/client/lib/imports-app.ts',
      'src/client/lib/imports-server.ts',
      'src/server/db/imports-module.ts',
      'src/server/db/imports-modules-folder.test.ts',
      'src/server/modules/appointments/imports-admin-routes.ts',
      'src/server/modules/appointments/imports-app.ts',
      'src/server/modules/appointments/imports-routes.ts',
      'src/shared/imports-client.ts',
      'src/shared/imports-node.ts',
      'src/shared/imports-react.ts',
    ]);
  });
});

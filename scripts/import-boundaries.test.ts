// The import boundaries in biome.json's `overrides`, and its rule against import cycles (run by `npm test`
// through `biome check`): this runs Biome with a copy of that configuration on a throwaway tree of allowed and
// forbidden imports.
//
// A cycle of type-only imports counts as a cycle (`ignoreTypes: false`): it does not run, but it still ties an
// interface to the implementations that import it, so neither can be read or moved alone; the interface goes in
// a file of its own instead, as the payment provider's and the metrics' do. Cycles between the server's modules
// (folders), which a rule on files cannot see, are the module graph's test (module-graph.test.ts).
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

/** Files that import each other in a loop, or that would without the split of an interface from its factory. */
const cycleFiles: Record<string, string> = {
  'src/server/jobs/first.ts': "import { a } from './second';",
  'src/server/jobs/second.ts': "import { a } from './third';",
  'src/server/jobs/third.ts': "import { a } from './first';",
  'src/client/lib/uses-component.ts': "import { a } from '../components/data-table/uses-helper';",
  'src/client/components/data-table/uses-helper.ts': "import { a } from '../../lib/uses-component';",
  'src/server/metrics/typed-factory.ts':
    "import { a } from './typed-implementation';\nexport type Metrics = {};",
  'src/server/metrics/typed-implementation.ts': "import type { Metrics } from './typed-factory';",
  'src/server/metrics/lazy-factory.ts':
    "export type Metrics = {};\nexport const load = () => import('./lazy-implementation');",
  'src/server/metrics/lazy-implementation.ts': "import type { Metrics } from './lazy-factory';",
  'src/server/modules/payments/provider.ts': 'export interface Provider {}',
  'src/server/modules/payments/card-provider.ts': "import type { Provider } from './provider';",
  'src/server/modules/payments/create-provider.ts': [
    "import type { Provider } from './provider';",
    "import { a } from './card-provider';",
    "export const load = () => import('./card-provider');",
  ].join('\n'),
};

let root: string;
let refusedByRule: (rule: string) => string[];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'import-boundaries-'));
  copyFileSync(join(projectRoot, 'biome.json'), join(root, 'biome.json'));
  for (const [path, source] of Object.entries({ ...files, ...cycleFiles })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), `${source}\nexport const used = [];\n`);
  }
  const biome = join(projectRoot, 'node_modules/.bin/biome');
  const result = spawnSync(
    biome,
    [
      'lint',
      '--only=style/noRestrictedImports',
      '--only=suspicious/noImportCycles',
      '--reporter=github',
      '.',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  const errors = [...result.stdout.matchAll(/^::error title=lint\/([^,]+),file=([^,]+)/gm)];
  refusedByRule = (rule) =>
    errors
      .filter((match) => match[1] === rule)
      .map((match) => match[2] ?? '')
      .sort();
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('import boundaries', () => {
  it("refuse a feature importing another feature, client code importing the server, a feature, component or helper importing the app, shared code importing anything but zod and shared modules, a server module importing another module's routes or the app, and the database layer importing a module", () => {
    expect(refusedByRule('style/noRestrictedImports')).toEqual([
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

  it('refuse files that import each other in a loop, through type-only and lazy imports too, but not an interface imported by its implementations and the factory that picks one', () => {
    expect(refusedByRule('suspicious/noImportCycles')).toEqual([
      'src/client/components/data-table/uses-helper.ts',
      'src/client/lib/uses-component.ts',
      'src/server/jobs/first.ts',
      'src/server/jobs/second.ts',
      'src/server/jobs/third.ts',
      'src/server/metrics/lazy-factory.ts',
      'src/server/metrics/lazy-implementation.ts',
      'src/server/metrics/typed-factory.ts',
      'src/server/metrics/typed-implementation.ts',
    ]);
  });
});

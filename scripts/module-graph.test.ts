import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findCycle,
  importedPaths,
  type ModuleGraph,
  moduleGraphMermaid,
  serverModuleGraph,
} from './module-graph';

const projectRoot = resolve(import.meta.dirname, '..');
const DRAWING_SECTION = "## How the server's modules depend on each other";

/** The Mermaid drawing of the architecture page's section on the modules. */
function drawingInDocs(): string | undefined {
  const page = readFileSync(join(projectRoot, 'docs/architecture.md'), 'utf8');
  const section = page.split(DRAWING_SECTION)[1]?.split(/^## /m)[0];
  return section && /```mermaid\n([\s\S]*?)\n```/.exec(section)?.[1];
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A throwaway modules folder with these files (path under it → source). */
function modulesFolderOf(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'module-graph-'));
  folders.push(folder);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), source);
  }
  return folder;
}

describe("the server's modules", () => {
  const graph = serverModuleGraph();

  it('import each other without a loop', () => {
    expect(graph.size).toBeGreaterThan(10);
    const cycle = findCycle(graph);
    if (cycle) expect.fail(`These modules import each other in a loop: ${cycle.join(' → ')}`);
  });

  it('are drawn in docs/architecture.md as they import each other (npm run graph:modules prints the drawing)', () => {
    expect(drawingInDocs()).toBe(moduleGraphMermaid(graph));
  });
});

describe('the module graph', () => {
  it('reads imports, type-only ones, re-exports and lazy imports of a literal path, not imports in comments or strings', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from '../b/b';",
      "import { type C, c } from './c';",
      "import './d.css';",
      "export { e } from './e';",
      "export type { F } from './f';",
      "export * from './g';",
      "const h = await import('./h');",
      "const i = await import('./' + name);",
      "// import { j } from './j';",
      'const k = "import { k } from \'./k\'";',
      'export const l = (value: Array<number>) => value.length > 0;',
    ].join('\n');
    expect(importedPaths('example.ts', source).sort()).toEqual([
      '../b/b',
      './a',
      './c',
      './d.css',
      './e',
      './f',
      './g',
      './h',
    ]);
  });

  it('links a module to each other module its files (not its tests) import from, in nested folders too', () => {
    const folder = modulesFolderOf({
      'slots/slot-service.ts':
        "import { a } from '../audit/audit-log';\nimport { b } from './slot-repository';",
      'slots/slot-repository.ts': "import { schema } from '../../db/schema';\nimport { z } from 'zod';",
      'slots/slot-routes.test.ts': "import { a } from '../appointments/appointment-service';",
      'audit/audit-log.ts': 'export const a = 1;',
      'appointments/emails/receipt.ts': "import type { Slot } from '../../slots/slot-view';",
    });
    expect(serverModuleGraph(folder)).toEqual(
      new Map([
        ['appointments', ['slots']],
        ['audit', []],
        ['slots', ['audit']],
      ]),
    );
  });

  it('names the modules of a loop, in their order', () => {
    const looped: ModuleGraph = new Map([
      ['appointments', ['audit', 'referrals']],
      ['audit', []],
      ['patient-records', ['appointments']],
      ['referrals', ['audit', 'patient-records']],
    ]);
    expect(findCycle(looped)).toEqual(['appointments', 'referrals', 'patient-records', 'appointments']);
    expect(
      findCycle(
        new Map([
          ['slots', ['audit']],
          ['audit', []],
          ['team', ['audit', 'slots']],
        ]),
      ),
    ).toBeUndefined();
  });

  it('draws a module with a hyphen in its name by an id Mermaid can read', () => {
    const drawn = moduleGraphMermaid(
      new Map([
        ['patient-records', ['audit']],
        ['audit', []],
      ]),
    );
    expect(drawn).toBe(
      'flowchart TD\n  patient_records[patient-records]\n  audit[audit]\n  patient_records --> audit',
    );
  });
});

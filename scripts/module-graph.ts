// How the server's modules (the folders of src/server/modules) import each other: Biome's noImportCycles sees
// loops of files only, so a loop of modules through different files is found here, from the sources.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseSync } from 'oxc-parser';

/** Each module and the other modules it imports from, both sorted by name. */
export type ModuleGraph = Map<string, string[]>;

const projectRoot = resolve(import.meta.dirname, '..');
const MODULES_FOLDER = join(projectRoot, 'src/server/modules');

/**
 * What one file imports, as written: `import … from`, `import '…'`, `export … from` and `import('…')` with a
 * literal path. Type-only imports count, as in the Biome rule: they tie modules together all the same.
 */
export function importedPaths(fileName: string, source: string): string[] {
  const parsed = parseSync(fileName, source);
  if (parsed.errors.length > 0) {
    throw new Error(
      `${fileName} could not be read: ${parsed.errors.map((error) => error.message).join('; ')}`,
    );
  }
  const { staticImports, staticExports, dynamicImports } = parsed.module;
  const literal = (text: string) => /^(['"])(.*)\1$/s.exec(text)?.[2];
  return [
    ...staticImports.map((statement) => statement.moduleRequest.value),
    ...staticExports.flatMap((statement) =>
      statement.entries.flatMap((entry) => (entry.moduleRequest ? [entry.moduleRequest.value] : [])),
    ),
    ...dynamicImports.flatMap(({ moduleRequest }) => {
      const path = literal(source.slice(moduleRequest.start, moduleRequest.end));
      return path === undefined ? [] : [path];
    }),
  ];
}

/** The module a path inside the modules' folder belongs to; undefined for a path outside it. */
function moduleOf(path: string, modulesFolder: string): string | undefined {
  const inside = relative(modulesFolder, path);
  if (inside === '' || inside.startsWith('..')) return undefined;
  return inside.split(sep)[0];
}

/**
 * The modules' import graph from their sources. Tests are left out: a test may set its scene through any
 * module (as the lint rules allow), which makes no module depend on another.
 */
export function serverModuleGraph(modulesFolder = MODULES_FOLDER): ModuleGraph {
  const edges = new Map<string, Set<string>>();
  const modules = readdirSync(modulesFolder, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const { name } of modules) {
    const imported = new Set<string>();
    const folder = join(modulesFolder, name);
    const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    for (const file of files) {
      const path = join(folder, file);
      for (const specifier of importedPaths(path, readFileSync(path, 'utf8'))) {
        if (!specifier.startsWith('.')) continue;
        const target = moduleOf(resolve(dirname(path), specifier), modulesFolder);
        if (target && target !== name) imported.add(target);
      }
    }
    edges.set(name, imported);
  }
  return new Map(
    [...edges.keys()].sort().map((name) => [name, [...(edges.get(name) ?? [])].sort()] as [string, string[]]),
  );
}

/** A loop of imports, as the modules met along it with the first one again at its end; undefined if none. */
export function findCycle(graph: ModuleGraph): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (name: string): string[] | undefined => {
    const open = path.indexOf(name);
    if (open >= 0) return [...path.slice(open), name];
    if (done.has(name)) return undefined;
    path.push(name);
    for (const next of graph.get(name) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(name);
    return undefined;
  };
  for (const name of graph.keys()) {
    const cycle = visit(name);
    if (cycle) return cycle;
  }
  return undefined;
}

/** The graph as a Mermaid flowchart, an arrow from each module to each one it imports. */
export function moduleGraphMermaid(graph: ModuleGraph): string {
  // Mermaid reads a hyphen in a node's id as the start of an arrow: ids use underscores, labels the names.
  const id = (name: string) => name.replaceAll('-', '_');
  return [
    'flowchart TD',
    ...[...graph.keys()].map((name) => `  ${id(name)}[${name}]`),
    ...[...graph].flatMap(([name, imported]) => imported.map((target) => `  ${id(name)} --> ${id(target)}`)),
  ].join('\n');
}

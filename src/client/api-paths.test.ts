import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const clientFolder = dirname(fileURLToPath(import.meta.url));

/** The browser's source files, tests left out (they may call the API by its paths, as a visitor would). */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the browser code', () => {
  it('names the endpoints it calls (src/shared/api), never an API path of its own, in code or comments', () => {
    const files = sourceFiles(clientFolder);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          /['"`]\/api\//.test(line) ? [`${relative(clientFolder, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});

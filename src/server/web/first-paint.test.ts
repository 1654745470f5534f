import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowSources, prepareFirstPaint } from './first-paint';

// The shape of dist/client/index.html as Vite builds it.
const BUILT = `<!doctype html>
<html lang="en-IE">
  <head>
    <meta charset="utf-8" />
    <!-- head -->
    <script type="module" crossorigin src="/assets/index-AAAA.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-BBBB.js">
    <link rel="modulepreload" crossorigin href="/assets/react-CCCC.js">
    <link rel="stylesheet" crossorigin href="/assets/index-DDDD.css">
  </head>
  <body>
    <div id="root"><!-- element --></div>
    <!-- hydration -->
  </body>
</html>`;

const CSS = 'body{color:#123}.hero{padding:1rem}';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let clientDir: string;
beforeAll(async () => {
  clientDir = await mkdtemp(join(tmpdir(), 'first-paint-'));
  await mkdir(join(clientDir, 'assets'));
  await writeFile(join(clientDir, 'assets', 'index-DDDD.css'), CSS);
});
afterAll(() => rm(clientDir, { recursive: true, force: true }));

describe('prepareFirstPaint', () => {
  it('inlines the stylesheet and gives its hash for style-src', () => {
    const { template, styleSources } = prepareFirstPaint(BUILT, clientDir);
    expect(template).toContain(`<style>${CSS}</style>`);
    expect(template).not.toContain('rel="stylesheet"');
    expect(styleSources).toEqual([sha256(CSS)]);
  });

  it('starts the entry and its preloads from one inline script, whose hash is given for script-src', () => {
    const { template, scriptSources } = prepareFirstPaint(BUILT, clientDir);
    expect(template).not.toContain('<script type="module"');
    expect(template).not.toContain('<link rel="modulepreload"');
    const script = /<script>([\s\S]*?)<\/script>/.exec(template)?.[1] ?? '';
    expect(script).toContain('import("/assets/index-AAAA.js")');
    expect(script).toContain('["/assets/runtime-BBBB.js","/assets/react-CCCC.js"]');
    expect(script).toContain('first-contentful-paint');
    // An empty root (the back office's shell) starts at once.
    expect(script).toContain('if(!r||!r.firstElementChild)return go();');
    expect(scriptSources).toEqual([sha256(script)]);
    // The page's own placeholders are untouched.
    expect(template).toContain('<!-- head -->');
    expect(template).toContain('<div id="root"><!-- element --></div>');
  });

  it('leaves a stylesheet it cannot read linked', () => {
    const { template, styleSources } = prepareFirstPaint(BUILT.replace('DDDD', 'EEEE'), clientDir);
    expect(template).toContain('href="/assets/index-EEEE.css"');
    expect(styleSources).toEqual([]);
  });

  it('leaves a template without a built entry (Vite dev server) alone', () => {
    const source =
      '<html><head></head><body><script type="module" src="/entry-client.tsx"></script></body></html>';
    expect(prepareFirstPaint(source, clientDir)).toEqual({
      template: source,
      styleSources: [],
      scriptSources: [],
    });
  });
});

describe('allowSources', () => {
  const policy = "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:";

  it('adds the sources to the one directive named', () => {
    expect(allowSources(policy, 'style-src', ["'sha256-a'"])).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'sha256-a';img-src 'self' data:",
    );
    expect(allowSources(policy, 'script-src', ["'sha256-b'", "'sha256-c'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-b' 'sha256-c';style-src 'self';img-src 'self' data:",
    );
  });

  it('leaves the policy alone without sources', () => {
    expect(allowSources(policy, 'style-src', [])).toBe(policy);
  });
});

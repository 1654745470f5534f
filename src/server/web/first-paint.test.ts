import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowSources, criticalCss, prepareFirstPaint, styleElement } from './first-paint';

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
  it('replaces the stylesheet link by the page style placeholder, and links it for browsers without scripts', () => {
    const { template, stylesheet } = prepareFirstPaint(BUILT, clientDir);
    expect(template).toContain(
      '<!-- style --><noscript><link rel="stylesheet" href="/assets/index-DDDD.css"></noscript>',
    );
    expect(template.match(/<link rel="stylesheet"/g)).toHaveLength(1);
    expect(stylesheet).toEqual({ href: '/assets/index-DDDD.css', css: CSS });
  });

  it('starts the entry and its preloads from one inline script, whose hash is given for script-src', () => {
    const { template, scriptSources } = prepareFirstPaint(BUILT, clientDir);
    expect(template).not.toContain('<script type="module"');
    expect(template).not.toContain('<link rel="modulepreload"');
    const script = /<script>([\s\S]*?)<\/script>/.exec(template)?.[1] ?? '';
    expect(script).toContain('import("/assets/index-AAAA.js")');
    expect(script).toContain('["/assets/runtime-BBBB.js","/assets/react-CCCC.js"]');
    // The whole stylesheet follows the first paint, for what scripts show later.
    expect(script).toContain('["/assets/index-DDDD.css"]');
    expect(script).toContain('first-contentful-paint');
    // An empty root (the back office's shell) starts at once.
    expect(script).toContain('if(!r||!r.firstElementChild)return go();');
    expect(scriptSources).toEqual([sha256(script)]);
    // The page's own placeholders are untouched.
    expect(template).toContain('<!-- head -->');
    expect(template).toContain('<div id="root"><!-- element --></div>');
  });

  it('leaves a stylesheet it cannot read linked', () => {
    const { template, stylesheet } = prepareFirstPaint(BUILT.replace('DDDD', 'EEEE'), clientDir);
    expect(template).toContain('<link rel="stylesheet" crossorigin href="/assets/index-EEEE.css">');
    expect(stylesheet).toBeUndefined();
  });

  it('leaves a template without a built entry (Vite dev server) alone', () => {
    const source =
      '<html><head></head><body><script type="module" src="/entry-client.tsx"></script></body></html>';
    expect(prepareFirstPaint(source, clientDir)).toEqual({
      template: source,
      stylesheet: undefined,
      scriptSources: [],
    });
  });
});

describe('criticalCss', () => {
  const sheet = [
    ':root{--a:1}body{margin:0}h1{font-size:2rem}',
    '.hero{padding:1rem}.blog-card{color:red}.hero .blog-card{color:blue}',
    '.hero,.faq{margin:0}a:not(.button){text-decoration:underline}.hero:hover{color:green}',
    '@media (width>=40rem){.hero{padding:2rem}.team{gap:1rem}}@media print{.faq{display:none}}',
    '@keyframes spin{from{rotate:0}to{rotate:1turn}}@font-face{font-family:x;src:url(x.woff2)}',
  ].join('');
  const page = '<section class="hero big"><h1 class="title">Hi</h1><a href="/">Home</a></section>';
  const css = criticalCss(sheet, page);

  it('keeps the rules that may apply to the page', () => {
    for (const rule of [
      ':root{--a:1}',
      'body{margin:0}',
      'h1{font-size:2rem}',
      '.hero{padding:1rem}',
      '.hero{margin:0}',
      'a:not(.button){text-decoration:underline}',
      '.hero:hover{color:green}',
      '@media (width>=40rem){.hero{padding:2rem}}',
      '@keyframes spin{from{rotate:0}to{rotate:1turn}}',
      '@font-face{font-family:x;src:url(x.woff2)}',
    ])
      expect(css).toContain(rule);
  });

  it('leaves out rules for classes the page does not have, and media blocks left empty', () => {
    expect(css).not.toContain('blog-card');
    expect(css).not.toContain('.faq');
    expect(css).not.toContain('.team');
    expect(css).not.toContain('@media print');
  });

  it('is allowed by the hash of exactly what is inlined', () => {
    const { html, source } = styleElement(css);
    expect(html).toBe(`<style>${css}</style>`);
    expect(source).toBe(sha256(css));
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

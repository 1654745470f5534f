import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { startupPreloads } from './vite-startup-preloads';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type Chunk = NonNullable<IndexHtmlTransformContext['chunk']>;

const chunk = (fileName: string, imports: string[], dynamicImports: string[] = [], css: string[] = []) =>
  ({
    type: 'chunk',
    fileName,
    imports,
    dynamicImports,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  }) as unknown as Chunk;

describe('startupPreloads', () => {
  it("names the entry's dynamic imports and what they import as preloads, and their styles as stylesheets", () => {
    const entry = chunk('assets/index.js', ['assets/runtime.js'], ['assets/react-dom.js', 'assets/start.js']);
    const bundle = Object.fromEntries(
      [
        entry,
        chunk('assets/runtime.js', []),
        chunk('assets/react-dom.js', ['assets/index.js', 'assets/react.js']),
        chunk(
          'assets/start.js',
          ['assets/react.js', 'assets/react-dom.js', 'assets/router.js'],
          ['assets/home.js'],
          ['assets/start.css'],
        ),
        chunk('assets/react.js', []),
        chunk('assets/router.js', ['assets/react.js']),
        chunk('assets/home.js', ['assets/react.js'], [], ['assets/home.css']),
      ].map((output) => [output.fileName, output]),
    ) as unknown as Bundle;
    const transform = startupPreloads().transformIndexHtml as unknown as {
      handler: (
        html: string,
        context: Partial<IndexHtmlTransformContext>,
      ) => { attrs: { rel: string; href: string } }[];
    };
    const tags = transform.handler('', { bundle, chunk: entry });
    expect(tags.map(({ attrs }) => `${attrs.rel} ${attrs.href}`)).toEqual([
      'modulepreload /assets/react-dom.js',
      'modulepreload /assets/react.js',
      'modulepreload /assets/start.js',
      'modulepreload /assets/router.js',
      'stylesheet /assets/start.css',
    ]);
  });
});

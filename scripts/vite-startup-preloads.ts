import type { Plugin } from 'vite';

/**
 * entry-client.tsx imports its start-up steps dynamically, so that each is evaluated in a task of its own. The
 * built page still names them as if they were static imports: a modulepreload for each of their chunks and a
 * link to their styles, which the server turns into the page's inlined styles and its after-paint start
 * (src/server/web/first-paint.ts). So splitting the start costs no extra round trip, and the page's styles stay
 * one sheet. Every dynamic import of the entry chunk is a start-up step.
 */
export function startupPreloads(): Plugin {
  return {
    name: 'clinic:startup-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return undefined;
        const knownScripts = new Set<string>([chunk.fileName, ...chunk.imports]);
        const knownStyles = new Set<string>(chunk.viteMetadata?.importedCss);
        const preloads: string[] = [];
        const stylesheets: string[] = [];
        const visit = (fileName: string) => {
          const output = bundle[fileName];
          if (output?.type !== 'chunk' || knownScripts.has(fileName)) return;
          knownScripts.add(fileName);
          preloads.push(fileName);
          for (const css of output.viteMetadata?.importedCss ?? []) {
            if (knownStyles.has(css)) continue;
            knownStyles.add(css);
            stylesheets.push(css);
          }
          for (const imported of output.imports) visit(imported);
        };
        for (const fileName of chunk.dynamicImports) visit(fileName);
        return [
          ...preloads.map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          })),
          ...stylesheets.map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

import { viteFastify } from '@fastify/vite/plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// With its extension: Vite's native config loader (its future default) resolves imports as Node does.
import { reactRouterProduction } from './scripts/vite-react-router-production.ts';
import { startupPreloads } from './scripts/vite-startup-preloads.ts';

export default defineConfig({
  root: 'src/client',
  plugins: [
    viteFastify({ clientModule: '/entry-server.tsx' }),
    react(),
    startupPreloads(),
    reactRouterProduction(),
  ],
  build: {
    outDir: '../../dist',
    emptyOutDir: true,
    assetsInlineLimit: 0,
  },
  environments: {
    client: {
      build: {
        // A back-office screen's chunks load when it is opened, not preloaded from the route table: their lists
        // were in the first JavaScript of every public page (the table names every screen), for screens a visitor
        // never opens.
        modulePreload: {
          resolveDependencies: (filename, deps) => (/(^|\/)admin-[^/]*\.js$/.test(filename) ? [] : deps),
        },
        rollupOptions: {
          output: {
            // The start's steps (entry-client.tsx) as three chunks: React and React DOM, evaluated first; the app's
            // start with everything it imports (router, queries, layout), evaluated a task later; and the two
            // helpers the entry shares with it. Left to itself the bundler cut the start into nine chunks, each
            // gzipped on its own, 2.6 KB more on every page than one chunk.
            codeSplitting: {
              groups: [
                { name: 'boot', test: /preload-helper|yield-to-browser/, priority: 3 },
                { name: 'react-dom', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
                // The booking pages' small shared helpers, and the footer with its map, each as one chunk: as nine
                // and three chunks, each gzipped on its own, they cost the booking pages 1.8 KB of their budget.
                {
                  name: 'booking-parts',
                  test: /(lib[\\/](booking-hold|calendar-query|clinic-clock|session-store|slot-kind|waitlist-path)|shared[\\/]day-names|month-grid|booking-steps)\.tsx?$/,
                  priority: 0,
                },
                {
                  name: 'site-footer',
                  test: /components[\\/](site-footer|click-to-load-map|clinic-location)[\\/]/,
                  priority: 0,
                },
                {
                  name: 'start',
                  test: /start-client\.tsx$/,
                  includeDependenciesRecursively: true,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
    // The production server loads the SSR bundle by the entry's name.
    ssr: { build: { rollupOptions: { output: { entryFileNames: 'entry-server.js' } } } },
  },
});

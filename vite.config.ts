import { viteFastify } from '@fastify/vite/plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { startupPreloads } from './scripts/vite-startup-preloads';

export default defineConfig({
  root: 'src/client',
  plugins: [viteFastify({ clientModule: '/entry-server.tsx' }), react(), startupPreloads()],
  build: {
    outDir: '../../dist',
    emptyOutDir: true,
    assetsInlineLimit: 0,
  },
  environments: {
    // The production server loads the SSR bundle by the entry's name.
    ssr: { build: { rollupOptions: { output: { entryFileNames: 'entry-server.js' } } } },
  },
});

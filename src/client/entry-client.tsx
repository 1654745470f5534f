// First: Zod's settings must be in place before any schema module runs.
import './lib/zod-csp';
import { yieldToBrowser } from './lib/yield-to-browser';

/**
 * The app starts in steps, each a task of its own: React DOM's modules are evaluated first, then the app's
 * (router, queries, layout), then it hydrates. Imported statically, all of them ran in one task that held a
 * throttled phone's main thread for about 150 ms after the first paint. The server preloads both parts with
 * this module (first-paint.ts), so splitting them costs no extra round trip.
 */
async function boot() {
  await import('react-dom/client');
  await yieldToBrowser();
  const { start } = await import('./start-client');
  await yieldToBrowser();
  await start();
}

void boot();

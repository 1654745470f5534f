import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Third parties the pages may embed, only after the visitor clicks to load them (maps, videos). */
const FRAME_SOURCES = [
  'https://www.google.com',
  'https://maps.google.com',
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
];

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { dev: boolean },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        // Vite's dev server injects an inline preamble for hot reload; production pages have no inline script.
        scriptSrc: options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        styleSrc: options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: options.dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        frameSrc: ["'self'", ...FRAME_SOURCES],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.dev ? false : { maxAge: 31_536_000, includeSubDomains: true },
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
  });
}

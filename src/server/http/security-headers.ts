import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Third parties the pages may embed, only after the visitor clicks to load them (maps, videos). */
const FRAME_SOURCES = [
  'https://www.google.com',
  'https://maps.google.com',
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
];

/** Helmet's settings: the Content-Security-Policy and the other security headers every answer carries. */
export function helmetOptions(options: { dev: boolean }): HelmetOptions {
  return {
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
  };
}

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(self)';

/**
 * The headers helmet sets, worked out once: none of its settings depends on the request, and
 * @fastify/helmet built the whole middleware again (the CSP's directives parsed and checked) in a hook on
 * every request.
 */
export function securityHeaderSet(options: { dev: boolean }): [name: string, value: string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers.push([name.toLowerCase(), String(value)]);
    },
    // helmet removes X-Powered-By, which nothing here sets.
    removeHeader() {},
  };
  helmet(helmetOptions(options))({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  headers.push(['permissions-policy', PERMISSIONS_POLICY]);
  return headers;
}

const HSTS = 'strict-transport-security';

/** The security headers every answer carries, and apart from them the one only HTTPS answers carry. */
export interface SecurityHeaders {
  headers: [name: string, value: string][];
  /** `Strict-Transport-Security`, for answers to requests that came over HTTPS (none in development). */
  hsts: string | undefined;
}

/** Helmet's headers, split into those every answer carries and the one only HTTPS answers carry. */
export function securityHeaders(options: { dev: boolean }): SecurityHeaders {
  const all = securityHeaderSet(options);
  return {
    headers: all.filter(([name]) => name !== HSTS),
    hsts: all.find(([name]) => name === HSTS)?.[1],
  };
}

/**
 * Sets the security headers among the reply's own headers as the request arrives, so a route that sets one of
 * them itself (files' own CSP, the API reference's, a page's hashes) still wins, as with helmet. The reply's own
 * list, not the raw response's: twelve `setHeader` calls were each checked and stored by node, then the whole
 * list walked again when the head was written, where the reply's list is written by node in one pass.
 * `Strict-Transport-Security` only on a request that came over HTTPS, to this server or to a proxy it trusts
 * (`TRUST_PROXY`, which lets Fastify read `X-Forwarded-Proto`): browsers ignore it over plain HTTP (RFC 6797
 * section 8.1), and a server reached over HTTP only (a test instance, an address inside the network) has no
 * HTTPS to pin.
 */
export function securityHeadersWriter({
  headers,
  hsts,
}: SecurityHeaders): (request: FastifyRequest, reply: FastifyReply) => void {
  const overHttp = Object.freeze(Object.fromEntries(headers));
  const overHttps = hsts ? Object.freeze({ ...overHttp, [HSTS]: hsts }) : overHttp;
  return (request, reply) => {
    reply.headers(hsts && request.protocol?.toLowerCase() === 'https' ? overHttps : overHttp);
  };
}

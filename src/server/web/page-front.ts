import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { logsAt } from '../http/logging';
import { requestIdOf } from '../http/request-id';
import type { SecurityHeaders } from '../http/security-headers';
import type { PrometheusMetrics } from '../metrics/app-metrics';
import { type CachedPage, pageCacheKeyOf, preferredEncoding } from './page-cache';

/** Answers a request before the framework sees it; false leaves it to the framework. */
export type FrontAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

type Encoding = 'identity' | 'br' | 'gzip';

/** writeHead's flat lists of a kept page's headers, over plain HTTP and over HTTPS (with HSTS). */
interface AnswerHeaders {
  http: string[];
  https: string[];
}

/**
 * Whether the request came over HTTPS, as Fastify's `request.protocol` reads it: the socket's own TLS, or the
 * last `X-Forwarded-Proto` entry when a hop count of proxies is trusted. Undefined when the trust is a list of
 * addresses, which only the framework reads.
 */
function cameOverHttps(request: IncomingMessage, trustProxy: AppConfig['trustProxy']): boolean | undefined {
  const forwarded = request.headers['x-forwarded-proto'];
  if (forwarded === undefined || trustProxy === false || trustProxy === 0) {
    return 'encrypted' in request.socket && request.socket.encrypted === true;
  }
  if (typeof trustProxy !== 'number') return undefined;
  const value = [forwarded].flat().join(',');
  return (
    value
      .slice(value.lastIndexOf(',') + 1)
      .trim()
      .toLowerCase() === 'https'
  );
}

/**
 * The client's address as Fastify's `request.ip` reads it: the socket's peer, or with a hop count of trusted proxies
 * the `X-Forwarded-For` entry that many hops back (proxy-addr's rule). Undefined when the trust is a list of
 * addresses.
 */
function clientAddress(request: IncomingMessage, trustProxy: AppConfig['trustProxy']): string | undefined {
  const peer = request.socket.remoteAddress;
  if (trustProxy === false || trustProxy === 0) return peer;
  if (typeof trustProxy !== 'number') return undefined;
  const forwarded = [request.headers['x-forwarded-for'] ?? []].flat().join(',');
  const hops = [
    peer,
    ...forwarded
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean)
      .reverse(),
  ];
  return hops[Math.min(trustProxy, hops.length - 1)];
}

const ANY_COMPRESSION = /\*|gzip|br|deflate/i;

/** An Accept-Encoding the compress plugin would answer compressed though no kept copy fits it (`*`, `x-gzip`). */
const compressedSomehow = (acceptEncoding: string | string[] | undefined) =>
  acceptEncoding !== undefined &&
  ANY_COMPRESSION.test(typeof acceptEncoding === 'string' ? acceptEncoding : acceptEncoding.join(','));

/**
 * A kept page's answer (page-cache.ts) given before Fastify routes the request: a cache hit is the commonest
 * request a public site gets, and going through the framework (its request and reply, the hooks of every
 * route, the headers worked out again) cost the hit three times what writing the bytes costs. It answers only
 * what it can answer exactly as the framework's path would (the same headers, request id, log lines and
 * metrics); anything else goes on to the framework: a miss, a page still being compressed for the encoding
 * asked (or an encoding only the compress plugin reads), a request with a body or an Authorization header, a server
 * shutting down, a proxy trusted by address rather than by hop count.
 */
export function cachedPageFront(
  app: FastifyInstance,
  security: SecurityHeaders,
  metrics: PrometheusMetrics | undefined,
): FrontAnswer {
  const { config } = app;
  const { headers: securityHeaders, hsts } = security;
  const headerLists = new WeakMap<CachedPage, Partial<Record<Encoding, AnswerHeaders>>>();
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  /**
   * The page's headers as the framework sends them, worked out once per page and encoding, as writeHead's flat
   * list: the request id's value first (index 1, written in for each answer), then `Strict-Transport-Security`
   * in the list for HTTPS only.
   */
  function headersOf(page: CachedPage, encoding: Encoding, body: Buffer): AnswerHeaders {
    let lists = headerLists.get(page);
    if (!lists) {
      lists = {};
      headerLists.set(page, lists);
    }
    const known = lists[encoding];
    if (known) return known;
    const headers = new Map<string, string>(securityHeaders);
    headers.set('cache-control', 'no-cache');
    headers.set('content-type', 'text/html; charset=utf-8');
    for (const [name, value] of Object.entries(page.headers)) headers.set(name.toLowerCase(), value);
    headers.set('x-page-cache', 'hit');
    if (encoding !== 'identity') {
      headers.set('content-encoding', encoding);
      headers.set('vary', 'accept-encoding');
    }
    headers.set('content-length', String(body.length));
    const list = [...headers].flat();
    const answer: AnswerHeaders = {
      http: ['x-request-id', '', ...list],
      https: hsts
        ? ['x-request-id', '', 'strict-transport-security', hsts, ...list]
        : ['x-request-id', '', ...list],
    };
    lists[encoding] = answer;
    return answer;
  }

  return (request, response) => {
    const cache = app.pageCache;
    if (closing || !cache.enabled) return false;
    const { headers } = request;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    const url = request.url ?? '/';
    // The API and the build's files are never pages: they go on without the key being worked out.
    if (url.startsWith('/api/') || url.startsWith('/assets/')) return false;
    const key = pageCacheKeyOf(request.method, url, headers.authorization);
    if (key === undefined) return false;
    const https = cameOverHttps(request, config.trustProxy);
    if (https === undefined) return false;
    const logs = logsAt(app.log, 'info');
    const ip = logs ? clientAddress(request, config.trustProxy) : undefined;
    // A logged host a trusted proxy forwarded is the framework's to read too.
    if (logs && (ip === undefined || (config.trustProxy && headers['x-forwarded-host'] !== undefined)))
      return false;
    const page = cache.get(key);
    if (!page) return false;
    const preferred = preferredEncoding(headers['accept-encoding']);
    if (preferred === undefined && compressedSomehow(headers['accept-encoding'])) return false;
    const encoding = preferred ?? 'identity';
    const body = encoding === 'identity' ? page.body : page[encoding];
    if (!body) return false;

    const started = performance.now();
    const reqId = requestIdOf(headers);
    if (logs)
      app.log.info(
        { reqId, req: { method: request.method, url: request.url, host: headers.host, ip } },
        'incoming request',
      );
    const lists = headersOf(page, encoding, body);
    const list = https ? lists.https : lists.http;
    // writeHead reads the list before it returns (node writes the head out at once), so one list serves every
    // answer with this answer's id written in, rather than a copy of forty entries made for each.
    list[1] = reqId;
    try {
      response.writeHead(200, list);
    } finally {
      list[1] = '';
    }
    response.end(request.method === 'HEAD' ? undefined : body);
    if (logs || metrics) {
      response.once('finish', () => {
        const milliseconds = performance.now() - started;
        if (logs)
          app.log.info({ reqId, res: { statusCode: 200 }, responseTime: milliseconds }, 'request completed');
        metrics?.observeAnswer({
          method: request.method ?? 'GET',
          route: page.route,
          statusCode: 200,
          seconds: milliseconds / 1000,
        });
      });
    }
    return true;
  };
}

import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routePath } from '../../shared/route-path';
import { listenToChannel, notifyChannel } from '../db/database';

/**
 * Server-rendered public pages kept in memory for a short while (`PAGE_CACHE_SECONDS`), so a popular page
 * is rendered once per lifetime instead of once per visit. Every page is anonymous: the admin signs in with a
 * bearer token kept in the browser's storage, never a cookie, and the renderer sees only the URL, so one URL
 * renders the same page for everyone. Pages are dropped:
 *  - when their lifetime ends (a scheduled article appears within that time);
 *  - on every successful write under `/api/admin` (one hook for every admin route, present and future),
 *    in this instance at once and in every other instance on the same database through PostgreSQL
 *    `NOTIFY` (PGlite delivers it in-process too);
 *  - all at once while the listening connection is down (a notification may have been missed meanwhile).
 * Live pages (slot pickers, the booking steps) and the back office are never cached, nor any answer other
 * than a 200 without `Set-Cookie`.
 */

export const PAGE_CACHE_CHANNEL = 'page_cache_invalidate';
/** Least recently used pages go first beyond this many (about 20 MB at most with pages like the home page). */
const MAX_ENTRIES = 200;
/** A page bigger than this is not kept (the home page is about 72 KB, its stylesheet inlined). */
const MAX_PAGE_BYTES = 512 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface CachedPage {
  /** The page's UTF-8 bytes, encoded once: a string would be encoded again for every visitor. */
  body: Buffer;
  /** The template of the route that rendered it (`/*`), for the metrics of answers given before the framework. */
  route: string;
  /** Headers that belong to this page's HTML (the policy naming its inline style). */
  headers: Record<string, string>;
  expiresAt: number;
  /** Compressed once, on the first request that accepts the encoding. */
  br?: Buffer;
  gzip?: Buffer;
  compressing?: boolean;
}

/** Pages whose answer depends on live data or on who asks: never cached. */
function isLivePath(requestPath: string): boolean {
  const pathname = routePath(requestPath);
  return (
    pathname.startsWith('/sessions_availability') ||
    pathname === '/confirm' ||
    pathname === '/payment' ||
    pathname === '/login' ||
    pathname.startsWith('/login/') ||
    pathname === '/admin' ||
    pathname.startsWith('/admin/')
  );
}

/**
 * The cache key of a request, or undefined when its page must be rendered afresh: only GET and HEAD of a
 * public page, without an Authorization header. The key is the path and the query as sent: pages write
 * their own URL (canonical link, Open Graph) into the HTML, so `?a=1&b=2` and `?b=2&a=1` are two pages.
 */
export function pageCacheKey(request: FastifyRequest): string | undefined {
  return pageCacheKeyOf(request.method, request.url, request.headers.authorization);
}

/** `pageCacheKey` from the request's parts, for the answers given before the framework (page-front.ts). */
export function pageCacheKeyOf(
  method: string | undefined,
  url: string,
  authorization: string | undefined,
): string | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  if (authorization !== undefined) return undefined;
  // An absolute-form target (`GET http://host/confirm`) names its path after the origin, which the router strips.
  if (!url.startsWith('/')) return undefined;
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  if (isLivePath(pathname)) return undefined;
  // A bare '?' renders the same page as none.
  return queryStart === url.length - 1 ? pathname : url;
}

type PageEncoding = 'br' | 'gzip' | undefined;

/** Browsers send a handful of Accept-Encoding values: each is read once. */
const encodingOfHeader = new Map<string, PageEncoding>();
const ENCODING_HEADERS_KEPT = 64;

export function preferredEncoding(acceptEncoding: string | string[] | undefined): PageEncoding {
  if (acceptEncoding === undefined) return undefined;
  if (typeof acceptEncoding !== 'string') return readPreferredEncoding(acceptEncoding);
  if (encodingOfHeader.has(acceptEncoding)) return encodingOfHeader.get(acceptEncoding);
  const encoding = readPreferredEncoding(acceptEncoding);
  if (encodingOfHeader.size < ENCODING_HEADERS_KEPT) encodingOfHeader.set(acceptEncoding, encoding);
  return encoding;
}

function readPreferredEncoding(acceptEncoding: string | string[] | undefined): PageEncoding {
  const header = [acceptEncoding ?? ''].flat().join(',').toLowerCase();
  const accepts = (name: string) =>
    header.split(',').some((part) => {
      const [token = '', ...params] = part.trim().split(';');
      if (token.trim() !== name) return false;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return q === undefined || Number(q.slice(2)) > 0;
    });
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

export interface PageCacheOptions {
  /** Lifetime of a page in milliseconds; 0 turns the cache off. */
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}

export class PageCache {
  readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly pages = new Map<string, CachedPage>();
  /** Bumped by every drop: a page rendered while a drop happened is not stored (it may be stale). */
  private generation = 0;
  /** False while the instance may miss other instances' drops (listening connection down). */
  private connected = true;

  constructor(options: PageCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? MAX_ENTRIES;
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.ttlMs > 0 && this.connected;
  }

  get size(): number {
    return this.pages.size;
  }

  /** A stamp to hand back to `set`: the page is kept only if nothing was dropped in between. */
  stamp(): number {
    return this.generation;
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.expiresAt <= this.now()) {
      this.pages.delete(key);
      return undefined;
    }
    // Most recently used last.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  set(key: string, html: string, stamp: number, headers: Record<string, string> = {}, route = '/*'): boolean {
    if (!this.enabled || stamp !== this.generation || Buffer.byteLength(html) > MAX_PAGE_BYTES) return false;
    this.pages.delete(key);
    this.pages.set(key, { body: Buffer.from(html), route, headers, expiresAt: this.now() + this.ttlMs });
    while (this.pages.size > this.maxEntries) {
      const oldest = this.pages.keys().next().value;
      if (oldest === undefined) break;
      this.pages.delete(oldest);
    }
    return true;
  }

  /** Drops every page of this instance. */
  clear(): void {
    this.generation += 1;
    this.pages.clear();
  }

  /** While the listening connection is down the cache is off, and it starts empty when it is back. */
  setConnected(connected: boolean): void {
    this.clear();
    this.connected = connected;
  }
}

/** Sends a cached page, compressed once per encoding (the compress plugin leaves an encoded body alone). */
function sendCached(request: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
  reply.code(200).type('text/html; charset=utf-8').headers(page.headers).header('x-page-cache', 'hit');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const encoded = encoding ? page[encoding] : undefined;
  if (encoding && encoded) {
    reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
    return reply.send(encoded);
  }
  if (encoding && !page.compressing) {
    // This answer is compressed by the plugin as usual; the next ones get the stored copy, compressed off the
    // main thread at the best ratio (once per page and lifetime: the home page fits a first TCP window). A URL
    // with a query string is anyone's to invent, so it gets a cheap quality: at the best one, two requests of
    // a made-up query cost ~100 ms of the thread pool (attacker review).
    page.compressing = true;
    const quality = request.url.includes('?') ? 5 : zlibConstants.BROTLI_MAX_QUALITY;
    void Promise.all([
      brotli(page.body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        },
      }),
      gzipAsync(page.body, { level: 9 }),
    ])
      .then(([br, gz]) => {
        page.br = br;
        page.gzip = gz;
      })
      .catch(() => {
        page.compressing = false;
      });
  }
  return reply.send(page.body);
}

/** What the page renderer answers. */
export interface RenderedHtml {
  status: number;
  html: string;
  /** False for answers that must not be kept (the back-office shell, a failed render). */
  cacheable: boolean;
  /** Headers of this HTML, kept with it. */
  headers?: Record<string, string>;
}

/**
 * Answers a page from the cache, or renders it with `render` and keeps it when it may be kept. `render`
 * sets the reply's status and headers itself; the HTML is sent here.
 */
export async function answerPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  render: () => Promise<RenderedHtml | undefined>,
): Promise<FastifyReply> {
  const cache = app.pageCache;
  const key = cache.enabled ? pageCacheKey(request) : undefined;
  if (key !== undefined) {
    const hit = cache.get(key);
    if (hit) {
      reply.header('cache-control', 'no-cache');
      return sendCached(request, reply, hit);
    }
  }
  const stamp = cache.stamp();
  const page = await render();
  if (!page) return reply;
  if (page.headers) reply.headers(page.headers);
  if (
    key !== undefined &&
    page.cacheable &&
    page.status === 200 &&
    reply.statusCode === 200 &&
    !reply.hasHeader('set-cookie')
  ) {
    if (cache.set(key, page.html, stamp, page.headers, request.routeOptions.url))
      reply.header('x-page-cache', 'miss');
  }
  return reply.type('text/html; charset=utf-8').send(page.html);
}

/**
 * Creates the app's page cache, drops it after every successful admin write, and keeps the instances on
 * one database in step: each drop is announced with NOTIFY, and each instance drops its own pages when
 * another instance announces one.
 */
export async function registerPageCache(app: FastifyInstance, options: PageCacheOptions): Promise<void> {
  const cache = new PageCache(options);
  const instanceId = randomUUID();
  app.decorate('pageCache', cache);
  if (options.ttlMs <= 0) return;

  const announce = () =>
    notifyChannel(app.database, PAGE_CACHE_CHANNEL, instanceId).catch((error: unknown) => {
      app.log.error({ err: error }, 'page cache: could not tell the other instances to drop their pages');
    });

  // Every route under /api/admin is a back-office call: a successful one that is not a read may have changed
  // what a public page shows. Hooked on the URL, not on the routes, so a future admin module cannot forget it.
  // Signing in and out changes no page.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      request.method !== 'OPTIONS' &&
      reply.statusCode < 400 &&
      // The route's own pattern, not the URL as sent (which may spell the path differently).
      request.routeOptions.url?.startsWith('/api/admin/') &&
      !request.routeOptions.url.startsWith('/api/admin/autorization/')
    ) {
      cache.clear();
      void announce();
    }
    done(null, payload);
  });

  const subscription = await listenToChannel(app.database, PAGE_CACHE_CHANNEL, {
    onMessage: (payload) => {
      if (payload !== instanceId) cache.clear();
    },
    onConnectionChange: (connected) => {
      cache.setConnected(connected);
      if (!connected) app.log.warn('page cache off until the database connection for notifications is back');
      else app.log.info('page cache on again');
    },
  });
  app.addHook('onClose', async () => {
    await subscription.close();
  });
}

import { randomBytes } from 'node:crypto';
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';

/**
 * The header the page renderer marks its in-process calls for a page's data with (`web-routes.ts`), and a value
 * only this process knows, so a visitor cannot quiet their own requests' lines.
 */
export const PAGE_DATA_HEADER = 'x-page-data';
export const pageDataToken = randomBytes(16).toString('hex');

/**
 * Personal data never goes to the logs: tokens and cookies in headers, and personal fields of any object
 * logged. Query strings are cut from logged URLs (a search may be a name).
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-booking-token"]',
  'req.headers["x-hold-token"]',
  'req.headers["x-manage-token"]',
  `req.headers["${PAGE_DATA_HEADER}"]`,
  'res.headers["set-cookie"]',
  '*.email',
  '*.name',
  '*.full_name',
  '*.first_name',
  '*.last_name',
  '*.phone',
  '*.password',
  '*.params',
];

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** A database error's message can quote the values it refused (`invalid input syntax for type uuid: "…"`). */
function isDatabaseError(error: Error & Record<string, unknown>): boolean {
  return (
    'params' in error ||
    typeof error.query === 'string' ||
    (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error)
  );
}

/** The stack's frames only: its first lines repeat the message (drizzle's lists the parameters). */
function framesOnly(stack: string | undefined): string | undefined {
  return stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/**
 * Logs what helps find a fault without personal data: for a failed query its class, SQLSTATE code and
 * SQL (placeholders, never the parameters or the driver's message); for other errors the usual fields.
 */
function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'not an Error', stack: '' };
  const fields = error as Error & Record<string, unknown>;
  const database = isDatabaseError(fields);
  const serialized: SerializedError = {
    type: error.constructor?.name ?? 'Error',
    message: database ? 'database error (details withheld: they may quote personal data)' : error.message,
    stack: (database ? framesOnly(error.stack) : error.stack) ?? '',
  };
  if (fields.code !== undefined) serialized.code = fields.code;
  if (fields.statusCode !== undefined) serialized.statusCode = fields.statusCode;
  if (database && typeof fields.query === 'string') serialized.query = fields.query.slice(0, 2000);
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** A request in the log: its method and path, never its query string's values. */
function serializeRequest(request: FastifyRequest) {
  const [path, query] = request.url.split('?', 2);
  return {
    method: request.method,
    url: query === undefined ? path : `${path}?…`,
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * The log's options. In development (`npm run dev`) lines are printed readably by pino-pretty, a development
 * dependency, in a worker thread; everywhere else they are JSON, one a line, for whatever collects them.
 */
export function loggerOptions(level: string, { pretty = false }: { pretty?: boolean } = {}) {
  return {
    level,
    redact: REDACTED_PATHS,
    serializers: { err: (error: unknown) => serializeError(error), req: serializeRequest },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
  };
}

/**
 * Whether a request asks for a file rather than a page or an API call: the build's assets, uploads, Vite's own
 * modules in development (`/@vite/client`), and any path ending in a file extension (favicon.svg, robots.txt,
 * sitemap.xml, the forms' PDFs, the source modules Vite serves in development).
 */
export function isStaticFileRequest(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  if (path.startsWith('/api/')) return false;
  return /^\/(?:assets\/|uploads\/|@)/.test(path) || /\.[A-Za-z0-9]{1,8}$/.test(path);
}

/** Logged at debug: a static file, or the page renderer's own call for a page's data (the page's line says it). */
const isQuiet = (request: FastifyRequest) =>
  isStaticFileRequest(request.url) || request.headers[PAGE_DATA_HEADER] === pageDataToken;

/** Whether `log` writes lines of `level` (a logger that cannot say, as Fastify's silent one, is asked anyway). */
export function logsAt(log: FastifyBaseLogger, level: string): boolean {
  const pinoLogger = log as FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };
  return pinoLogger.isLevelEnabled?.(level) ?? true;
}

/**
 * Fastify's request lines ('incoming request', 'request completed'), with those of static files and of a page's
 * data at debug rather than info: a page brings a dozen of them, which drowned the lines that say what visitors
 * and staff did. One that fails is still logged as an error.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (!logsAt(request.log, 'info')) return;
    if (!isQuiet(request)) super.incomingRequest(request, reply);
    else if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!error && !logsAt(request.log, 'info')) return;
    if (error || !isQuiet(request)) super.requestCompleted(error, request, reply);
    else if (!this.isLogDisabled(request))
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

type LogLevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];

/**
 * A request's logger, made only when the request logs something: pino's `child` costs about as much as the
 * rest of a cached answer (it runs the bindings through the redaction), and most requests log nothing at
 * the levels a server runs at.
 */
class DeferredChildLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
  ) {}

  #made(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings);
    return this.#child;
  }

  #log(level: LogLevelName, args: unknown[]): void {
    if (this.#child || logsAt(this.parent, level))
      (this.#made()[level] as (...values: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return logsAt(this.#child ?? this.parent, level);
  }

  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }
  error(...args: unknown[]) {
    this.#log('error', args);
  }
  warn(...args: unknown[]) {
    this.#log('warn', args);
  }
  info(...args: unknown[]) {
    this.#log('info', args);
  }
  debug(...args: unknown[]) {
    this.#log('debug', args);
  }
  trace(...args: unknown[]) {
    this.#log('trace', args);
  }
  silent() {}

  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.#made().child(...args);
  }
}

/** Fastify's per-request logger, deferred (options such as a route's own level make it at once). */
export const deferredChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) =>
  Object.keys(options).length > 0
    ? logger.child(bindings, options)
    : (new DeferredChildLogger(logger, bindings) as unknown as FastifyBaseLogger);

import { createServer } from 'node:http';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { AppConfig } from './config';
import type { DatabaseHandle, Db } from './db/database';
import { registerApiDocs } from './http/api-docs';
import { DEFAULT_JSON_BODY_LIMIT, registerBodyGuards } from './http/body-guards';
import { answerClientError } from './http/client-errors';
import { jsonSerializerCompiler, zodValidatorCompiler } from './http/endpoint-route';
import { registerErrorHandling } from './http/error-handling';
import { errorBody, HttpError, unauthorized } from './http/http-errors';
import { registerInputGuards } from './http/input-guards';
import { deferredChildLogger, loggerOptions, RequestLogController } from './http/logging';
import { registerMultipart } from './http/multipart-form';
import { requestIdOf } from './http/request-id';
import { registerRequestStart } from './http/request-start';
import { type AppMetrics, isPrometheusMetrics } from './metrics/app-metrics';
import { createAppMetrics } from './metrics/create-app-metrics';
import { registerMetrics } from './metrics/metrics-route';
import { appointmentAdminRoutes } from './modules/appointments/appointment-admin-routes';
import { appointmentRoutes } from './modules/appointments/appointment-routes';
import { auditAdminRoutes } from './modules/audit/audit-admin-routes';
import { type AdminRouteInfo, registerAdminGuard } from './modules/auth/admin-guard';
import { authRoutes } from './modules/auth/auth-routes';
import { secondFactorRoutes } from './modules/auth/second-factor-routes';
import { sessionRoutes } from './modules/auth/session-routes';
import { blogAdminRoutes } from './modules/blog/blog-admin-routes';
import { blogPublicRoutes } from './modules/blog/blog-routes';
import { calendarAdminRoutes } from './modules/calendar/calendar-admin-routes';
import { contactRoutes } from './modules/contact/contact-routes';
import { dashboardAdminRoutes } from './modules/dashboard/dashboard-admin-routes';
import { outboxAdminRoutes } from './modules/email/outbox-admin-routes';
import { faqAdminRoutes } from './modules/faq/faq-admin-routes';
import { faqPublicRoutes } from './modules/faq/faq-routes';
import { feesAdminRoutes } from './modules/fees/fees-admin-routes';
import { feesPublicRoutes } from './modules/fees/fees-routes';
import { healthRoutes } from './modules/health/health-routes';
import { intakeRoutes } from './modules/intake/intake-routes';
import { patientIntakeRoutes } from './modules/patient-intake/patient-intake-routes';
import { patientRecordsAdminRoutes } from './modules/patient-records/patient-records-admin-routes';
import { createPaymentProvider } from './modules/payments/create-payment-provider';
import { registerPaymentPageCsp } from './modules/payments/payment-page-csp';
import type { PaymentProvider } from './modules/payments/payment-provider';
import { referralAdminRoutes } from './modules/referrals/referral-admin-routes';
import { seoRoutes } from './modules/seo/seo-routes';
import { settingsAdminRoutes } from './modules/settings/settings-routes';
import { slotAdminRoutes } from './modules/slots/slot-admin-routes';
import { slotPublicRoutes } from './modules/slots/slot-routes';
import { staffAdminRoutes } from './modules/staff/staff-admin-routes';
import { takingsAdminRoutes } from './modules/takings/takings-admin-routes';
import { teamAdminRoutes } from './modules/team/team-admin-routes';
import { teamPublicRoutes } from './modules/team/team-routes';
import { createTextProvider } from './modules/texts/create-text-provider';
import { textAdminRoutes } from './modules/texts/text-admin-routes';
import type { TextProvider } from './modules/texts/text-provider';
import { textWebhookRoutes } from './modules/texts/text-webhook-routes';
import { uploadRoutes } from './modules/uploads/upload-routes';
import { waitlistAdminRoutes } from './modules/waitlist/waitlist-admin-routes';
import { waitlistRoutes } from './modules/waitlist/waitlist-routes';
import { type PageCache, registerPageCache } from './web/page-cache';
import { cachedPageFront, type FrontAnswer } from './web/page-front';
import { registerWeb } from './web/web-routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    db: Db;
    /** Every route under /api/admin, for the test that checks each one refuses a missing token. */
    adminRoutes: AdminRouteInfo[];
    /** Every route, for the tests that walk them; `hidden` ones are plumbing, not endpoints of the API reference. */
    registeredRoutes: { method: string; url: string; hidden: boolean }[];
    /** Server-rendered public pages kept for a short while; dropped on every admin write, in every instance. */
    pageCache: PageCache;
    /** What time it is, for answers that depend on the clinic's day (the dashboard's today and month). */
    clock: () => Date;
    /** Prometheus metrics of this app (its own registry), doing nothing unless METRICS_TOKEN is set. */
    metrics: AppMetrics;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Serve the React app (server-rendered pages and the back-office shell). API tests leave it off. */
  web?: boolean;
  /** Logger options merged over the app's own (level, redaction, error serializer); `false` for none. */
  logger?: false | Record<string, unknown>;
  /** Milliseconds; tests shorten them. */
  timeouts?: Partial<ServerTimeouts>;
  /** The card payment provider; by default from the configuration (tests point Stripe at a local fake). */
  paymentProvider?: PaymentProvider;
  /** What time it is; tests of answers that depend on the clinic's day set it. The system clock by default. */
  clock?: () => Date;
  /** The SMS provider; by default Twilio from the configuration, or none (tests point Twilio at a local fake). */
  textProvider?: TextProvider | null;
}

export interface ServerTimeouts {
  /** The whole request, body included, must arrive within this (a body dribbled byte by byte is cut off). */
  request: number;
  headers: number;
  /** An idle kept-alive connection is closed after this. */
  keepAlive: number;
  /** A socket with no activity at all is closed after this. */
  connection: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  request: 30_000,
  headers: 15_000,
  keepAlive: 5_000,
  connection: 60_000,
};

/** A URL the router cannot read (`/%`) answers the contract's body, not the framework's. */
function answerRouterError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') reply.code(404).send(errorBody('not_found', 'Not found'));
  else reply.code(400).send(errorBody('invalid_address', 'The address is not valid.'));
}

/**
 * Fastify 5.12 trusts nothing for a plain number, so a hop count becomes a function: the socket's peer is hop 0,
 * the last `X-Forwarded-For` entry hop 1, and only the nearest `hops` of them are believed to be proxies.
 */
function fastifyTrustProxy(trustProxy: AppConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy !== 'number') return trustProxy;
  if (trustProxy === 0) return false;
  return (_address, hop) => hop < trustProxy;
}

/** Builds the whole application without listening: `main.ts` listens, tests use `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const logger: FastifyServerOptions['logger'] =
    options.logger === false
      ? false
      : { ...loggerOptions(config.logLevel, { pretty: config.env === 'development' }), ...options.logger };
  // A kept page is answered before the framework when it can be (web/page-front.ts), set once the cache exists.
  let front: FrontAnswer | undefined;
  const app = Fastify({
    serverFactory: (handler, serverOptions) => {
      // What Fastify does for its own HTTP/1 server, with the front before its handler.
      const server = createServer(serverOptions.http ?? {}, (request, response) => {
        if (!front?.(request, response)) handler(request, response);
      });
      server.keepAliveTimeout = timeouts.keepAlive;
      server.requestTimeout = timeouts.request;
      server.setTimeout(timeouts.connection);
      return server;
    },
    logger,
    logController: new RequestLogController(),
    childLoggerFactory: deferredChildLogger,
    bodyLimit: DEFAULT_JSON_BODY_LIMIT,
    requestTimeout: timeouts.request,
    keepAliveTimeout: timeouts.keepAlive,
    connectionTimeout: timeouts.connection,
    http: {
      headersTimeout: Math.min(timeouts.headers, timeouts.request),
      // Node enforces the timeouts above only when it checks its connections (every 30 s by default).
      connectionsCheckingInterval: Math.min(2_000, Math.max(100, Math.floor(timeouts.request / 4))),
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: answerRouterError as FastifyServerOptions['frameworkErrors'],
    clientErrorHandler: answerClientError,
  });

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('appointments', {
    db: database.db,
    provider:
      options.paymentProvider ??
      (await createPaymentProvider(config.stripe, { delayMs: config.testDelayMs })),
    settings: config,
    log: app.log,
  });
  app.decorate('clock', options.clock ?? (() => new Date()));
  app.decorate(
    'textProvider',
    options.textProvider === undefined
      ? await createTextProvider(config.twilio)
      : (options.textProvider ?? undefined),
  );
  const metrics = await createAppMetrics({ enabled: Boolean(config.metricsToken), db: database.db });
  app.decorate('metrics', metrics);
  app.decorate('adminRoutes', [] as AdminRouteInfo[]);
  app.decorate('registeredRoutes', [] as { method: string; url: string; hidden: boolean }[]);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        app.registeredRoutes.push({ method, url: route.url, hidden: Boolean(route.schema?.hide) });
    }
  });
  // The request's id, no-store on the API, the cross-site guard and the security headers, as it arrives.
  const security = registerRequestStart(app, { dev: config.env === 'development' });

  // Before every other route and hook, so each request is timed under its route's template.
  if (config.metricsToken && isPrometheusMetrics(metrics)) registerMetrics(app, metrics, config.metricsToken);
  registerErrorHandling(app);
  registerInputGuards(app);
  registerBodyGuards(app);
  await registerPageCache(app, { ttlMs: config.pageCacheSeconds * 1000 });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  // The API speaks JSON and multipart forms; a plain-text body is refused with 415, not read as empty.
  app.removeContentTypeParser('text/plain');
  front = cachedPageFront(app, security, isPrometheusMetrics(metrics) ? metrics : undefined);
  registerPaymentPageCsp(app);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () =>
      new HttpError(429, 'rate_limited', 'Too many requests. Please wait a few minutes and try again.'),
  });

  await registerApiDocs(app);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(teamPublicRoutes);
      await api.register(blogPublicRoutes);
      await api.register(faqPublicRoutes);
      await api.register(feesPublicRoutes);
      await api.register(contactRoutes);
      await api.register(slotPublicRoutes);
      await api.register(patientIntakeRoutes);
      await api.register(appointmentRoutes);
      await api.register(intakeRoutes(app.db));
      await api.register(textWebhookRoutes);
      await api.register(waitlistRoutes);
      api.get('/*', { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
      await api.register(
        async (admin) => {
          registerAdminGuard(admin, app.adminRoutes);
          // Runs after the guard's onRequest hook: without a valid token an unknown admin path or
          // method answers 401 like a known one, so the back office's routes cannot be listed.
          admin.setNotFoundHandler((request, reply) => {
            if (!request.adminUser) throw unauthorized();
            reply.code(404).send(errorBody('not_found', 'Not found'));
          });
          // Unknown GETs would otherwise reach the pages' catch-all route; this one hands them to the
          // handler above, after the guard has run.
          for (const url of ['/', '/*']) {
            admin.get(url, { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
          }
          await registerMultipart(admin);
          await admin.register(authRoutes);
          await admin.register(sessionRoutes);
          await admin.register(secondFactorRoutes);
          await admin.register(settingsAdminRoutes);
          await admin.register(blogAdminRoutes);
          await admin.register(teamAdminRoutes);
          await admin.register(faqAdminRoutes);
          await admin.register(feesAdminRoutes);
          await admin.register(slotAdminRoutes);
          await admin.register(appointmentAdminRoutes);
          await admin.register(patientRecordsAdminRoutes);
          await admin.register(referralAdminRoutes);
          await admin.register(auditAdminRoutes);
          await admin.register(outboxAdminRoutes);
          await admin.register(dashboardAdminRoutes);
          await admin.register(calendarAdminRoutes);
          await admin.register(takingsAdminRoutes);
          await admin.register(staffAdminRoutes);
          await admin.register(waitlistAdminRoutes);
          await admin.register(textAdminRoutes);
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/api' },
  );

  await app.register(uploadRoutes);
  await app.register(seoRoutes);
  if (options.web !== false) await registerWeb(app);
  return app;
}

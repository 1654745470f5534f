import { isIP, isIPv4 } from 'node:net';
import { z } from 'zod';
import { clinic } from '../shared/clinic';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Names proxy-addr (Fastify's trustProxy) understands for whole address ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies' `X-Forwarded-For` entries are believed: none, the nearest N hops, or the listed addresses.
 * `true` ("trust every hop") is refused, because then a client picks its own address by sending the header.
 */
const trustProxyFromEnv = z.string().transform((value, context): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (['false', 'no', '0'].includes(text)) return false;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  if (['true', 'yes'].includes(text)) {
    context.addIssue({
      code: 'custom',
      message:
        'true would trust every X-Forwarded-For entry, so any client could choose its own address; set the number of proxies in front of the app (usually 1) or their addresses',
    });
    return z.NEVER;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (invalid.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `expected false, a number of proxies, or proxy addresses/CIDR ranges separated by commas; not ${invalid.map((entry) => JSON.stringify(entry)).join(', ')}`,
    });
    return z.NEVER;
  }
  return entries;
});

/**
 * Whether the site's origin is this machine only: `localhost`, a `*.localhost` name, 127.0.0.0/8 or ::1.
 * Private LAN ranges (10/8, 172.16/12, 192.168/16, fc00::/7) are not local: others on that network, or a
 * port forwarded to it, can reach them, so a staging box there says PAYMENTS=test itself.
 */
export function isLocalUrl(url: string): boolean {
  const hostname = URL.parse(url)?.hostname.toLowerCase() ?? '';
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (isIPv4(hostname)) return hostname.split('.')[0] === '127';
  // WHATWG URLs keep IPv6 hosts in brackets, in their shortest form ([0:0:0:0:0:0:0:1] is [::1]).
  return hostname === '[::1]';
}

/** The three variables card payments through Stripe need, all together. */
const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
const STRIPE_VARIABLES_TEXT = 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET';
const DEMONSTRATION_TEXT = 'or PAYMENTS=test for a demonstration site where no real payment is taken';

/**
 * Where the Stripe SDK sends its calls instead of api.stripe.com (tests: a local fake or stripe-mock): an
 * http(s) origin only, parsed into the host, port and protocol `stripeClient` takes.
 */
const stripeApiUrlFromEnv = z.string().transform((value, context) => {
  let url: URL | undefined;
  try {
    url = new URL(value.trim());
  } catch {
    // reported below
  }
  const protocol = url?.protocol === 'http:' ? 'http' : url?.protocol === 'https:' ? 'https' : undefined;
  // Nothing but scheme, host and port: no path, query, fragment or user name (a trailing / is fine).
  if (!url || !protocol || url.href !== `${url.protocol}//${url.host}/`) {
    context.addIssue({
      code: 'custom',
      message: `expected an http:// or https:// origin without a path or query, such as http://127.0.0.1:12111; not ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  }
  return {
    // Node's http.request wants an IPv6 address without the URL's brackets.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    // The SDK's default port is 443 whatever the protocol, so an http URL without a port says 80.
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
  } as const;
});

/** The three variables texts through Twilio need, all together. */
const TWILIO_VARIABLES = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

/** The longest RETENTION_DAYS allowed: ten years, far beyond any form data the website should keep. */
const MAX_RETENTION_DAYS = 3650;

/**
 * RETENTION_DAYS: a whole number of days, 1 to MAX_RETENTION_DAYS. Written out (not `z.coerce`), so '90 days',
 * '12.5' or '1e2' are refused with what is expected rather than a number parser's words.
 */
const retentionDaysFromEnv = z.string().transform((value, context) => {
  const text = value.trim();
  const days = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(days) || days < 1 || days > MAX_RETENTION_DAYS) {
    context.addIssue({
      code: 'custom',
      message: `expected a whole number of days from 1 to ${MAX_RETENTION_DAYS} (the privacy policy says 90); not ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  }
  return days;
});

/**
 * A whole number from `min` to `max` of `unit`s, refused otherwise with what is expected. Written out like
 * RETENTION_DAYS rather than `z.coerce`, so '30 minutes', '0.5' or '1e2' are told what to write.
 */
const wholeNumberFromEnv = (unit: string, min: number, max: number, usual: string) =>
  z.string().transform((value, context) => {
    const text = value.trim();
    const number = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(number) || number < min || number > max) {
      context.addIssue({
        code: 'custom',
        message: `expected a whole number of ${unit} from ${min} to ${max} (${usual}); not ${JSON.stringify(value)}`,
      });
      return z.NEVER;
    }
    return number;
  });

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SEED: booleanFromEnv.default(true),
  PUBLIC_HOLIDAYS: booleanFromEnv.default(true),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxyFromEnv.default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  CLINIC_EMAIL: z.email().default(clinic.email),
  HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
  WAITLIST_OFFER_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  RETENTION_DAYS: retentionDaysFromEnv.default(90),
  ADMIN_IDLE_MINUTES: wholeNumberFromEnv('minutes', 1, 24 * 60, 'usually 30').default(30),
  ADMIN_SESSION_HOURS: wholeNumberFromEnv('hours', 1, 7 * 24, 'usually 12').default(12),
  SERVE_PAGES: booleanFromEnv.default(true),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9]+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: stripeApiUrlFromEnv.optional(),
  PAYMENTS: z.enum(['stripe', 'test']).optional(),
  PAYMENTS_TEST_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio account SID (AC followed by 32 hexadecimal digits)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, "must be the account's auth token").optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9][0-9]{6,14}|[A-Za-z][A-Za-z0-9 ]{2,10})$/,
      'must be the sending number in E.164 (+353…) or an alphanumeric sender id of up to 11 characters',
    )
    .optional(),
  /** Tests only: where the Twilio SDK sends its calls instead of api.twilio.com (a local fake). */
  TWILIO_API_URL: z.url().optional(),
  METRICS_TOKEN: z
    .string()
    .regex(
      /^[\x21-\x7e]{16,}$/,
      'must be at least 16 characters without spaces (a random one: openssl rand -hex 32)',
    )
    .optional(),
});

/**
 * Card payments through Stripe: exactly the fields of `StripeSettings` in
 * modules/payments/payment-provider.ts (`host`, `port`, `protocol` only with STRIPE_API_URL).
 */
interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/**
 * How card payments are taken: through Stripe, or in the built-in test mode, where bookings are marked
 * paid and no money is taken.
 */
interface PaymentsConfig {
  payments: 'stripe' | 'test';
  /** Present in Stripe mode only. */
  stripe?: StripeConfig;
  /** Test mode only: why, for the line the server logs at start. */
  testModeReason?: string;
  /** Test mode only: how long each call to the test provider takes (the failure tests stop a server mid-payment). */
  testDelayMs?: number;
}

export interface AppConfig extends PaymentsConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The site's public origin, used for canonical links, Open Graph tags and links in e-mails. */
  publicUrl: string;
  databaseUrl?: string;
  dataDir: string;
  seed: boolean;
  /** Whether a daily job adds Ireland's public holidays as closures of every place. */
  publicHolidays: boolean;
  admin?: { email: string; password: string };
  logLevel: string;
  /** Fastify's `trustProxy`: false, a hop count, or proxy addresses and CIDR ranges. */
  trustProxy: false | number | string[];
  /** Outgoing mail server; without it e-mail stays queued in the outbox. */
  smtpUrl?: string;
  mailFrom: string;
  /** Where contact-form messages and staff notices go. */
  clinicEmail: string;
  /** How long a visitor's preliminary hold on a slot lasts before the slot is offered again. */
  holdMinutes: number;
  /** How long a freed time offered to a wait-list entry is held for it. */
  waitlistOfferMinutes: number;
  /** How long a server-rendered public page is served from memory; 0 renders every request. */
  pageCacheSeconds: number;
  /** False: the API only, without the pages (no build needed; the failure tests run servers so). */
  servePages: boolean;
  /**
   * How many days the personal data and files sent through the website's forms are kept (the privacy policy's
   * 90): the retention job then deletes them (`modules/retention`).
   */
  retentionDays: number;
  /** The bearer token Prometheus sends to `GET /metrics`; without it there is no `/metrics`. */
  metricsToken?: string;
  /** How long a back-office session lasts: unused (`idleMinutes`), and at most after sign-in (`maxHours`). */
  adminSessions: { idleMinutes: number; maxHours: number };
  /**
   * Text messages through Twilio (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, all three); none: no text is
   * sent and staff see "texts not set up".
   */
  twilio?: { accountSid: string; authToken: string; from: string; apiUrl?: string };
}

type ParsedEnv = z.infer<typeof configSchema>;

/**
 * Stripe or test mode (docs/booking-and-payments.md, "Which payment provider"). PAYMENTS says which; unset, any STRIPE_*
 * key means Stripe, and without keys test mode is allowed only when the site's origin is this machine,
 * so a public site never marks bookings paid without taking money because its keys were forgotten.
 */
function paymentsConfig(values: ParsedEnv, publicUrl: string): PaymentsConfig {
  const keysSet = STRIPE_VARIABLES.filter((name) => values[name]);
  if (values.PAYMENTS === 'test') {
    return {
      payments: 'test',
      testModeReason:
        keysSet.length > 0
          ? `PAYMENTS=test; the Stripe keys set (${keysSet.join(', ')}) are ignored`
          : 'PAYMENTS=test',
    };
  }
  if (!values.PAYMENTS && keysSet.length === 0) {
    if (isLocalUrl(publicUrl)) {
      return {
        payments: 'test',
        testModeReason: `no Stripe keys, and PUBLIC_URL ${publicUrl} is a local address`,
      };
    }
    throw new Error(
      `Invalid configuration: PUBLIC_URL ${publicUrl} is not a local address and no Stripe keys are set, so bookings would be marked paid without taking any money. Set ${STRIPE_VARIABLES_TEXT} to take card payments through Stripe, ${DEMONSTRATION_TEXT}.`,
    );
  }
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL } = values;
  if (!STRIPE_SECRET_KEY || !STRIPE_PUBLISHABLE_KEY || !STRIPE_WEBHOOK_SECRET) {
    const missing = STRIPE_VARIABLES.filter((name) => !values[name]);
    const why = values.PAYMENTS ? 'PAYMENTS=stripe' : `${keysSet.join(' and ')} set`;
    throw new Error(
      `Invalid configuration: card payments through Stripe (${why}) need ${STRIPE_VARIABLES_TEXT}; missing ${missing.join(', ')}. Set them, ${DEMONSTRATION_TEXT}.`,
    );
  }
  if (STRIPE_API_URL && /^(sk|rk)_live_/.test(STRIPE_SECRET_KEY)) {
    throw new Error(
      'Invalid configuration: STRIPE_API_URL is for tests (a local fake of the Stripe API, stripe-mock) and is refused with a live secret key, which is only ever sent to Stripe.',
    );
  }
  return {
    payments: 'stripe',
    stripe: {
      secretKey: STRIPE_SECRET_KEY,
      publishableKey: STRIPE_PUBLISHABLE_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      ...STRIPE_API_URL,
    },
  };
}

/** Reads the configuration from environment variables (all documented in the README). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  if (Boolean(values.ADMIN_EMAIL) !== Boolean(values.ADMIN_PASSWORD)) {
    throw new Error('Invalid configuration: set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither.');
  }
  if (values.ADMIN_IDLE_MINUTES > values.ADMIN_SESSION_HOURS * 60) {
    throw new Error(
      `Invalid configuration: ADMIN_IDLE_MINUTES (${values.ADMIN_IDLE_MINUTES}) is longer than ADMIN_SESSION_HOURS (${values.ADMIN_SESSION_HOURS} hours), so no session would ever end for want of use; make it shorter.`,
    );
  }
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  const payments = paymentsConfig(values, publicUrl);
  const twilioSet = TWILIO_VARIABLES.filter((name) => values[name]);
  if (twilioSet.length > 0 && twilioSet.length < TWILIO_VARIABLES.length) {
    const missing = TWILIO_VARIABLES.filter((name) => !values[name]);
    throw new Error(
      `Invalid configuration: text messages through Twilio need TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM; missing ${missing.join(', ')}. Set them, or none for no texts.`,
    );
  }
  if (payments.payments === 'test' && values.PAYMENTS_TEST_DELAY_MS > 0) {
    payments.testDelayMs = values.PAYMENTS_TEST_DELAY_MS;
  }
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    publicUrl,
    databaseUrl: values.DATABASE_URL,
    dataDir: values.DATA_DIR,
    seed: values.SEED,
    publicHolidays: values.PUBLIC_HOLIDAYS,
    admin:
      values.ADMIN_EMAIL && values.ADMIN_PASSWORD
        ? { email: values.ADMIN_EMAIL, password: values.ADMIN_PASSWORD }
        : undefined,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? `${clinic.name} <${values.CLINIC_EMAIL}>`,
    clinicEmail: values.CLINIC_EMAIL,
    holdMinutes: values.HOLD_MINUTES,
    waitlistOfferMinutes: values.WAITLIST_OFFER_MINUTES,
    // Vite's dev server changes the pages under the running server: render each request there.
    pageCacheSeconds: values.NODE_ENV === 'development' ? 0 : values.PAGE_CACHE_SECONDS,
    servePages: values.SERVE_PAGES,
    retentionDays: values.RETENTION_DAYS,
    metricsToken: values.METRICS_TOKEN,
    adminSessions: { idleMinutes: values.ADMIN_IDLE_MINUTES, maxHours: values.ADMIN_SESSION_HOURS },
    twilio:
      values.TWILIO_ACCOUNT_SID && values.TWILIO_AUTH_TOKEN && values.TWILIO_FROM
        ? {
            accountSid: values.TWILIO_ACCOUNT_SID,
            authToken: values.TWILIO_AUTH_TOKEN,
            from: values.TWILIO_FROM,
            ...(values.TWILIO_API_URL ? { apiUrl: values.TWILIO_API_URL } : {}),
          }
        : undefined,
    ...payments,
  };
}

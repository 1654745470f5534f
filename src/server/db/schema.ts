import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AntihistamineChoice } from '../../shared/antihistamines';
import { type AppointmentStatus, appointmentStatuses } from '../../shared/appointment-states';
import { type ClosureLocation, closureLocations } from '../../shared/closures';
import { type IntakeFormKind, intakeFormKinds } from '../../shared/intake';
import {
  deskPaymentMethods,
  livePaymentStatuses,
  type PaymentMethod,
  type PaymentStatus,
  paymentMethods,
  paymentStatuses,
  type RefundStatus,
  refundStatuses,
  unsettledPaymentStatuses,
} from '../../shared/payment-states';
import {
  type ReferralBookingKind,
  type ReferralStatus,
  referralBookingKinds,
  referralStatuses,
} from '../../shared/referrals';
import { FOLD_FROM, FOLD_TO, IRISH_PREFIX } from '../../shared/search-text';
import { type StaffRole, staffRoles } from '../../shared/staff-roles';
import { type TextKind, type TextReplyAction, type TextStatus, textStatuses } from '../../shared/texts';
import {
  type WaitlistEntryStatus,
  type WaitlistOfferStatus,
  waitlistEntryStatuses,
  waitlistOfferStatuses,
} from '../../shared/waitlist';
import { type FlagReason, flagReasons } from '../../shared/way-out';

/**
 * The whole database schema (PostgreSQL 15 and later; PGlite in development and tests). SQL names are
 * snake_case, TypeScript names camelCase. After a change run `npm run db:generate` to write a migration.
 */

// pg answers a Buffer, PGlite a Uint8Array; JSON built by relational queries carries the '\x…' hex text.
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array | string }>({
  dataType() {
    return 'bytea';
  },
  toDriver(value) {
    return value;
  },
  fromDriver(value) {
    if (Buffer.isBuffer(value)) return value;
    if (typeof value === 'string')
      return Buffer.from(value.startsWith('\\x') ? value.slice(2) : value, 'hex');
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  },
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const serialId = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/**
 * A slot's statuses: the spec's three, and `withdrawn`, a slot a closure of the clinic took off offer (never held,
 * booked or shown to visitors; offered again when its closure is deleted).
 */
export const slotStatuses = ['available', 'pending', 'booked', 'withdrawn'] as const;
export type SlotStatus = (typeof slotStatuses)[number];

/** The slot locations of the spec; `src/shared/clinic.ts` holds their addresses. */
export const slotLocations = ['adult_1', 'adult_2', 'child'] as const;
export type SlotLocation = (typeof slotLocations)[number];

/** The card providers a payment online goes through. */
export const paymentProviders = ['stripe', 'test'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** A payment's `provider` for money taken at the desk (cash, the card terminal): no provider is asked. */
export const DESK_PROVIDER = 'desk';
type PaymentSource = PaymentProviderName | typeof DESK_PROVIDER;

/** Who asked for a refund: staff in the back office, the patient from their booking link, or the server itself. */
export const refundRequesters = ['staff', 'patient', 'system'] as const;
export type RefundRequester = (typeof refundRequesters)[number];

/**
 * The reminders an appointment's patient is e-mailed before it (`modules/appointments/appointment-reminders.ts`
 * says when each is due and for which appointments).
 */
export const appointmentReminderKinds = [
  'stop_antihistamines',
  'stop_nasal_antihistamines',
  'two_days_before',
] as const;
export type AppointmentReminderKind = (typeof appointmentReminderKinds)[number];

export const emailStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

export interface EmailAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64. */
  content: string;
}

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'read'
  /** A staff export of personal data (a CSV, a patient's GDPR zip). */
  | 'export'
  /** A patient's personal data erased (GDPR) by staff (the retention job audits its erasures in its run's entry). */
  | 'erase'
  /**
   * A run of the retention job that deleted form data older than RETENTION_DAYS: one entry a run, by the system,
   * with counts only (`modules/retention`).
   */
  | 'retention_purge'
  | 'login'
  | 'logout'
  | 'logout_all'
  | 'login_failed'
  /** Staff accounts (issue 31): who invited, changed a role, disabled or enabled whom. */
  | 'staff_invited'
  | 'invitation_accepted'
  /** An invitation link refused (unknown, used, replaced, expired, of a disabled account): why, never the token. */
  | 'invitation_failed'
  | 'role_changed'
  | 'account_disabled'
  | 'account_enabled'
  /** Two-step sign-in: a second factor set up, removed (or reset by `npm run admin`), or a wrong one given. */
  | 'second_factor_added'
  | 'second_factor_removed'
  | 'second_factor_failed'
  | 'recovery_code_used'
  /** One session of a staff member ended from the account page. */
  | 'session_ended'
  | 'settings_changed'
  /** A price line a bookable kind costs took another amount: the kind's future free slots took it too. */
  | 'slots_repriced'
  /** A patient (or their parent or guardian) signed the booking's intake and consent form. */
  | 'intake_signed';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** A constant as an SQL string literal, written into the statement (an index's expression cannot take parameters). */
const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;

// ---------------------------------------------------------------------------------------------------
// Staff

export const adminUsers = pgTable(
  'admin_users',
  {
    id: serialId(),
    /** Always stored lower-cased. */
    email: text('email').notNull().unique(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    /** What this staff member may do (`shared/staff-roles.ts`). */
    role: text('role').$type<StaffRole>().notNull().default('administrator'),
    /** Set when an administrator disabled the account: it cannot sign in, and its sessions ended then. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** The authenticator app's shared key (base32), once set up; confirmed when a first code matched. */
    totpSecret: text('totp_secret'),
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    /** The last 30-second step a code was accepted for: a code is good once (RFC 6238 section 5.2). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('admin_users_role_check', sql`${table.role} in (${inList(staffRoles)})`)],
);

/** An invitation to a staff account: the link's token is stored only as its hash, good once, for 72 hours. */
export const adminInvitations = pgTable(
  'admin_invitations',
  {
    id: serialId(),
    /** The account made for the invitee (no usable password until the invitation is accepted). */
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('admin_invitations_admin_user_id_idx').on(table.adminUserId)],
);

/** Ten one-time recovery codes per staff member with an authenticator app, stored only as hashes. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: serialId(),
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('admin_recovery_codes_admin_user_id_idx').on(table.adminUserId)],
);

/** A staff member's passkeys (WebAuthn credentials), used as the second factor. */
export const adminPasskeys = pgTable(
  'admin_passkeys',
  {
    id: serialId(),
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    /** base64url, as the browser reports it. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('admin_passkeys_admin_user_id_idx').on(table.adminUserId)],
);

/**
 * A short-lived challenge: the second step of a sign-in (a password that matched, waiting for a code or a
 * passkey), or a passkey being added. The client holds the random token; only its hash is stored.
 */
export const adminChallenges = pgTable(
  'admin_challenges',
  {
    id: serialId(),
    purpose: text('purpose').$type<'second_factor' | 'passkey_registration'>().notNull(),
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** The WebAuthn challenge (base64url) issued with it, when a passkey may answer. */
    webauthnChallenge: text('webauthn_challenge'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    check(
      'admin_challenges_purpose_check',
      sql`${table.purpose} in ('second_factor', 'passkey_registration')`,
    ),
    index('admin_challenges_admin_user_id_idx').on(table.adminUserId),
  ],
);

/** The clinic's settings, one row (id 1), written on the first change; no row reads as the defaults. */
export const clinicSettings = pgTable(
  'clinic_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Every staff member must sign in with a second factor; those without one can only set one up. */
    requireSecondFactor: boolean('require_second_factor').notNull().default(false),
    /** The consultant a receipt names when its slot names none (a team member). */
    defaultConsultantId: integer('default_consultant_id').references((): AnyPgColumn => teamMembers.id, {
      onDelete: 'set null',
    }),
    /**
     * The line of the price list (a fee price) each bookable kind costs: the slot editor's default price, the name
     * the booking page gives it, and what a change of that line's amount reprices (future free slots of the kind).
     * None: the editor's constants, and nothing repriced. Decision 0022.
     */
    adultTestPriceId: integer('adult_test_price_id').references((): AnyPgColumn => feePrices.id, {
      onDelete: 'set null',
    }),
    childTestPriceId: integer('child_test_price_id').references((): AnyPgColumn => feePrices.id, {
      onDelete: 'set null',
    }),
    adultVideoPriceId: integer('adult_video_price_id').references((): AnyPgColumn => feePrices.id, {
      onDelete: 'set null',
    }),
    childVideoPriceId: integer('child_video_price_id').references((): AnyPgColumn => feePrices.id, {
      onDelete: 'set null',
    }),
    updatedAt: updatedAt(),
  },
  (table) => [check('clinic_settings_one_row', sql`${table.id} = 1`)],
);

export const adminAuthTokens = pgTable(
  'admin_auth_tokens',
  {
    id: serialId(),
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    /** sha256 hex of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [index('admin_auth_tokens_admin_user_id_idx').on(table.adminUserId)],
);

/**
 * Sign-in attempts that failed or are still being checked; a sign-in reserves its row before the password is
 * checked, so concurrent guesses count against the limits (login-throttle.ts). Rows older than a day are deleted.
 */
/** What a row of `login_attempts` counts (decision 0029). */
export const attemptKinds = ['sign_in', 'intake'] as const;

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** Lower-cased, as typed (the e-mail need not belong to an admin). */
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    /**
     * What was tried: a staff sign-in (or invitation link), or a patient's date of birth at an intake form. Each
     * kind has its own limits, so a patient's wrong dates never lock staff at the same address out, nor the reverse.
     */
    kind: text('kind', { enum: attemptKinds }).notNull().default('sign_in'),
    createdAt: createdAt(),
  },
  (table) => [
    index('login_attempts_email_created_at_idx').on(table.email, table.createdAt),
    index('login_attempts_ip_created_at_idx').on(table.ip, table.createdAt),
    index('login_attempts_created_at_idx').on(table.createdAt),
    check('login_attempts_kind_check', sql`${table.kind} in (${inList(attemptKinds)})`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Uploaded files (bytes live in the database, so the app keeps no state on disk)

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bytes: bytea('bytes').notNull(),
    sha256: text('sha256').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    /** A resized copy of an image points to its original and says its width. */
    variantOf: uuid('variant_of').references((): AnyPgColumn => files.id, { onDelete: 'cascade' }),
    width: integer('width'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('files_variant_of_width_idx').on(table.variantOf, table.width)],
);

// ---------------------------------------------------------------------------------------------------
// Public content

export const teamMembers = pgTable(
  'team_members',
  {
    id: serialId(),
    fullName: text('full_name').notNull(),
    /** The role label, e.g. 'Consultant Allergist'. */
    userType: text('user_type').notNull(),
    description: text('description').notNull().default(''),
    order: integer('order').notNull().default(0),
    logoFileId: uuid('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** The Irish Medical Council registration number (digits), printed on the receipts of a consultant's visits. */
    medicalCouncilNumber: text('medical_council_number'),
    /**
     * The consultant's standing video consultation link (https), the join link of their video appointments that have
     * none of their own. Never shown on the public site.
     */
    videoLink: text('video_link'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('team_members_order_idx').on(table.order, table.id),
    check('team_members_medical_council_number_check', sql`${table.medicalCouncilNumber} ~ '^[0-9]{1,6}$'`),
  ],
);

export const blogArticles = pgTable(
  'blog_articles',
  {
    id: serialId(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    /** The sanitiser version `content` was last cleaned by (0: unknown); an older one is cleaned again at start. */
    sanitizerVersion: integer('sanitizer_version').notNull().default(0),
    /**
     * The card's plain-text excerpt of `content`, written with it, so the article list runs no HTML through
     * regular expressions. It holds only while `excerptSourceMd5` is `contentMd5`: null, or made from other
     * content (an instance before it, a hand edit), the list makes it from the whole article and stores it.
     */
    excerpt: text('excerpt'),
    /** md5 of the content `excerpt` was made from. */
    excerptSourceMd5: text('excerpt_source_md5'),
    /** md5 of `content`, kept by the database whoever writes the content. */
    contentMd5: text('content_md5').generatedAlwaysAs(sql`md5(content)`),
    videoUrl: text('video_url'),
    iconFileId: uuid('icon_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** What the cover shows, for people who cannot see it (its alt text); empty: the cover is decoration. */
    iconAlt: text('icon_alt').notNull().default(''),
    attachmentFileId: uuid('attachment_file_id').references(() => files.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('blog_articles_published_at_idx').on(table.publishedAt.desc(), table.id.desc())],
);

export const faQuestions = pgTable(
  'fa_questions',
  {
    id: serialId(),
    title: text('title').notNull(),
    answer: text('answer').notNull(),
    /** The answer is (sanitised) HTML rather than plain text. */
    asHtml: boolean('as_html').notNull().default(false),
    /** The sanitiser version an HTML answer was last cleaned by (0: unknown), as for blog articles. */
    sanitizerVersion: integer('sanitizer_version').notNull().default(0),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('fa_questions_position_idx').on(table.position, table.id)],
);

export const feeCategories = pgTable(
  'fee_categories',
  {
    id: serialId(),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('fee_categories_position_idx').on(table.position, table.id)],
);

export const feeServices = pgTable(
  'fee_services',
  {
    id: serialId(),
    feeCategoryId: integer('fee_category_id')
      .notNull()
      .references(() => feeCategories.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('fee_services_category_idx').on(table.feeCategoryId, table.position, table.id)],
);

export const feePrices = pgTable(
  'fee_prices',
  {
    id: serialId(),
    feeServiceId: integer('fee_service_id')
      .notNull()
      .references(() => feeServices.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('fee_prices_service_idx').on(table.feeServiceId, table.position, table.id),
    check('fee_prices_amount_check', sql`${table.amountCents} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Appointments: slots, patients, appointments, payments

/**
 * A closure of the clinic: days (each from `from_minute` to `to_minute` in clinic time, or whole) when a place (or
 * every place, `location` null) offers no slot. Staff add them; Ireland's public holidays are added for every place
 * by a daily job, one a `holiday_date`. Deleting one sets `deleted_at` (a deleted holiday is never added again).
 */
export const closures = pgTable(
  'closures',
  {
    id: serialId(),
    firstDay: date('first_day').notNull(),
    lastDay: date('last_day').notNull(),
    /** Minutes after midnight, clinic time, on each day of the closure; both null for whole days. */
    fromMinute: integer('from_minute'),
    toMinute: integer('to_minute'),
    location: text('location').$type<ClosureLocation>(),
    reason: text('reason').notNull(),
    /** The public holiday this closure is (added by the holidays' job); null for a closure staff added. */
    holidayDate: date('holiday_date'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('closures_holiday_date_idx').on(table.holidayDate),
    index('closures_live_last_day_idx').on(table.lastDay).where(sql`${table.deletedAt} is null`),
    check('closures_days_check', sql`${table.lastDay} >= ${table.firstDay}`),
    check(
      'closures_hours_check',
      sql`(${table.fromMinute} is null and ${table.toMinute} is null) or (${table.fromMinute} >= 0 and ${table.toMinute} <= 1440 and ${table.fromMinute} < ${table.toMinute})`,
    ),
    check('closures_location_check', sql`${table.location} in (${inList(closureLocations)})`),
  ],
);

/** Availability slots ("sessions" in the spec and the API). */
export const slots = pgTable(
  'slots',
  {
    id: serialId(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status').$type<SlotStatus>().notNull().default('available'),
    priceCents: integer('price_cents').notNull(),
    isAdult: boolean('is_adult').notNull(),
    isVideoCall: boolean('is_video_call').notNull().default(false),
    location: text('location').$type<SlotLocation>(),
    /** While pending: when the preliminary hold lapses and the slot becomes available again. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /**
     * While pending: when this hold started. Re-holding the slot with the hold's own token, creating its booking
     * and paying extend the hold, but never past `hold_started_at + HOLD_LIFETIME_FACTOR × HOLD_MINUTES`.
     */
    holdStartedAt: timestamp('hold_started_at', { withTimezone: true }),
    /** While pending: sha256 (hex) of the hold token the visitor holds; the token itself is never stored. */
    holdTokenHash: text('hold_token_hash'),
    /**
     * While a visitor's hold is live: whose holds it counts with, so one of them cannot hold more than its share at
     * once: the address (an IPv6 one as its /64) it came from, or `booking:<appointment id>` for the time a patient
     * holds to move their booking (never counted toward their address). Null for an admin's hold and whenever the
     * slot is not pending.
     */
    holdClient: text('hold_client'),
    /**
     * The closure the slot lies in (set when the closure is added): a free slot is then `withdrawn`, a booked one
     * stays booked (its appointment is for staff to move) and is withdrawn when freed.
     */
    closureId: integer('closure_id').references(() => closures.id),
    /** The consultant who sees the patient (a team member), named on the receipt; none: the clinic's default. */
    consultantId: integer('consultant_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('slots_starts_at_idx').on(table.startsAt),
    index('slots_closure_id_idx').on(table.closureId).where(sql`${table.closureId} is not null`),
    index('slots_kind_starts_at_idx').on(table.isVideoCall, table.isAdult, table.startsAt),
    index('slots_pending_hold_idx').on(table.holdExpiresAt).where(sql`${table.status} = 'pending'`),
    index('slots_hold_client_idx').on(table.holdClient).where(sql`${table.status} = 'pending'`),
    check('slots_status_check', sql`${table.status} in (${inList(slotStatuses)})`),
    check('slots_location_check', sql`${table.location} in (${inList(slotLocations)})`),
    check('slots_time_range_check', sql`${table.endsAt} > ${table.startsAt}`),
    check('slots_price_check', sql`${table.priceCents} >= 0`),
    check('slots_hold_client_check', sql`${table.status} = 'pending' or ${table.holdClient} is null`),
    check('slots_withdrawn_check', sql`${table.status} <> 'withdrawn' or ${table.closureId} is not null`),
  ],
);

/**
 * When a visitor's hold of a slot ended (lapsed, let go, or taken over once lapsed), by the address it came from
 * and when that hold started: the same address taking the slot again goes on with that hold's clock, so it
 * cannot keep the slot past the hold's lifetime by taking it again the moment it ends, however others come and
 * go between (`hold_slot`). Forgotten two lifetimes after the hold started.
 */
export const slotHoldEnds = pgTable(
  'slot_hold_ends',
  {
    slotId: integer('slot_id')
      .notNull()
      .references(() => slots.id, { onDelete: 'cascade' }),
    client: text('client').notNull(),
    holdStartedAt: timestamp('hold_started_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.slotId, table.client] }),
    index('slot_hold_ends_hold_started_at_idx').on(table.holdStartedAt),
  ],
);

/**
 * Bytes of files a visitor's address sent with its bookings, a row a booking: one address may send at most
 * VISITOR_UPLOAD_BYTES_PER_DAY in 24 hours (bookings replaced or given up included). Rows older than a day are
 * deleted.
 */
export const clientUploads = pgTable(
  'client_uploads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    client: text('client').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('client_uploads_client_created_at_idx').on(table.client, table.createdAt)],
);

/**
 * Each visitor's form whose files the clinic took (`files`, `bytes`), and each sender refused for its address's
 * daily allowance (`refused`, one row a sender a clinic day: `RefusedSenders`), without the address: what the
 * dashboard weighs today's uploads against. Kept a little over two weeks (`forgetVisitorUploadsBefore`).
 */
export const visitorUploads = pgTable(
  'visitor_uploads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    files: integer('files').notNull(),
    bytes: integer('bytes').notNull(),
    refused: boolean('refused').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('visitor_uploads_created_at_idx').on(table.createdAt)],
);

/**
 * What staff search a patient by: names, e-mail and phone in one text with accents folded, then the phone's
 * digits in their national form (`src/shared/search-text.ts`; compare with `searchNeedle(search)`). Written once
 * when the row is (a generated column, `patients.searchText`): folding it for every row a search reads cost a
 * tenth of a millisecond a row, and the planner, not knowing it, read every patient rather than the trigram index.
 */
const patientSearchExpression = () => {
  const text = sql.raw(
    `"first_name" || ' ' || "last_name" || ' ' || coalesce("email", '') || ' ' || "phone"`,
  );
  const digits = sql.raw(
    `regexp_replace(regexp_replace("phone", '[^0-9]', '', 'g'), ${sqlText(IRISH_PREFIX)}, '0')`,
  );
  return sql`translate(${text}, ${sql.raw(sqlText(FOLD_FROM))}, ${sql.raw(sqlText(FOLD_TO))}) || ' ' || ${digits}`;
};

/** The column staff searches read (its trigram index answers `ilike '%…%'`). */
export const patientSearchText = (table: { searchText: AnyPgColumn }) => table.searchText;

/**
 * A person who asked for an appointment (for a slot, or by a self-referral) and what they told us. Staff
 * erasure and the retention job delete the row; appointments and payments stay without the person.
 */
export const patients = pgTable(
  'patients',
  {
    id: serialId(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone').notNull(),
    /** YYYY-MM-DD; a calendar date, never shifted by time zones. */
    dob: date('dob', { mode: 'string' }),
    isAdult: boolean('is_adult').notNull(),
    guardianFirstName: text('guardian_first_name'),
    guardianLastName: text('guardian_last_name'),
    consultantName: text('consultant_name'),
    /** The API field is spelt `consultant_addres`. */
    consultantAddress: text('consultant_address'),
    consultantEmail: text('consultant_email'),
    /** The reason for the test. */
    allergens: text('allergens'),
    resultFileId: uuid('result_file_id').references(() => files.id, { onDelete: 'set null' }),
    referralLetterFileId: uuid('referral_letter_file_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    attachmentFileId: uuid('attachment_file_id').references(() => files.id, { onDelete: 'set null' }),
    isReferral: boolean('is_referral').notNull().default(false),
    // The self-referral variant:
    address: text('address'),
    gpDetails: text('gp_details'),
    isHayfever: boolean('is_hayfever'),
    isAsthma: boolean('is_asthma'),
    isEczema: boolean('is_eczema'),
    concerns: text('concerns'),
    suspectedAllergy: text('suspected_allergy'),
    consultationGoals: text('consultation_goals'),
    knownAllergiesDescription: text('known_allergies_description'),
    doYouHaveAnyKnownAllergies: boolean('do_you_have_any_known_allergies'),
    signature: text('signature'),
    /**
     * The number texts go to, in E.164 (`+353871234567`), read from `phone` when the person agreed to texts; the
     * typed `phone` stays as written for staff (decision 0030).
     */
    smsPhone: text('sms_phone'),
    /** When the person agreed to texts about their appointments; null when they never did or withdrew. */
    smsConsentAt: timestamp('sms_consent_at', { withTimezone: true }),
    /** When they withdrew it (replied STOP, or from their booking link). */
    smsWithdrawnAt: timestamp('sms_withdrawn_at', { withTimezone: true }),
    /** Names, e-mail and phone folded for staff searches (`patientSearchExpression`), kept by the database. */
    searchText: text('search_text').generatedAlwaysAs(patientSearchExpression()),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('patients_created_at_idx').on(table.createdAt),
    // A reply (STOP) finds the people texted at its number.
    index('patients_sms_phone_idx').on(table.smsPhone).where(sql`${table.smsPhone} is not null`),
    index('patients_referral_created_at_idx').on(table.isReferral, table.createdAt),
    // Staff search a patient by any part of `patientSearchText` (pg_trgm answers `ilike '%…%'` from it).
    index('patients_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // A file's patient, found from the file (staff's download; and deleting a file sets these null).
    index('patients_result_file_id_idx').on(table.resultFileId).where(sql`${table.resultFileId} is not null`),
    index('patients_referral_letter_file_id_idx')
      .on(table.referralLetterFileId)
      .where(sql`${table.referralLetterFileId} is not null`),
    index('patients_attachment_file_id_idx')
      .on(table.attachmentFileId)
      .where(sql`${table.attachmentFileId} is not null`),
  ],
);

/**
 * An appointment: a patient's booking of a slot, and its life (`status`, whose moves are written once in
 * `modules/appointments/appointment-states.ts`).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serialId(),
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    slotId: integer('slot_id').references(() => slots.id, { onDelete: 'set null' }),
    status: text('status').$type<AppointmentStatus>().notNull(),
    bookedByAdmin: boolean('booked_by_admin').notNull().default(false),
    /** The slot's price when it was booked. */
    priceCents: integer('price_cents').notNull(),
    /** How the appointment is paid, as the booking said (`card` for a booking paid on the website). */
    paymentType: text('payment_type'),
    /** The slot booking form's ticks: antihistamines stopped in time, terms agreed (allergy tests only). */
    antihistamineConfirmed: boolean('antihistamine_confirmed'),
    agreementAccepted: boolean('agreement_accepted'),
    /**
     * The antihistamines the patient said they take (`shared/antihistamines.ts` choices; allergy tests booked
     * online only): their stop days and reminders. Null when not asked (staff bookings, earlier bookings):
     * every kind is stopped, as the spec's rule says.
     */
    antihistamines: text('antihistamines').array().$type<AntihistamineChoice[]>(),
    /**
     * sha256 hex of the visitor's hold token the booking was made with: the payment extends (or takes back)
     * that hold, and books the slot only while no one else holds it.
     */
    holdTokenHash: text('hold_token_hash'),
    /** sha256 hex of the booking's own access token (lets the booker read back and pay their booking). */
    accessTokenHash: text('access_token_hash').unique(),
    /**
     * The short reference the patient's booking page is known by (`/booking/{reference}`), set with its manage
     * token when the patient is first told of the booking (paid, or booked by staff). Not secret.
     */
    reference: text('reference').unique(),
    /** sha256 hex of the token of the patient's booking link (the link's fragment): read, cancel, move it. */
    manageTokenHash: text('manage_token_hash'),
    /** The visitor's address (an IPv6 one by its /64) it was booked from: bookings per address per day. */
    bookedFrom: text('booked_from'),
    /**
     * How often its calendar invite changed (moved to another time, cancelled once booked): the SEQUENCE of the
     * invite the patient is sent, so calendars replace the earlier one (same UID).
     */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /**
     * When the appointment got its current time: booked (by a visitor or staff), paid, or moved to another time.
     * The patient was told the time then, with how to prepare; a reminder due before it is not sent.
     */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the patient was checked in at the desk (kept once attended or marked no-show; cleared if undone). */
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    /**
     * The patient's flag from their booking link (`way-out`): they could not stop their antihistamines, or are unwell;
     * with their words, if any, and when. Staff see it on the appointment and the dashboard.
     */
    flagReason: text('flag_reason').$type<FlagReason>(),
    flagMessage: text('flag_message'),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    /** When the patient used the one move a flag allows inside the notice (decision 0030-way-out). */
    freeMoveUsedAt: timestamp('free_move_used_at', { withTimezone: true }),
    /**
     * When, and by whom, staff marked the flag dealt with (they phoned the patient): it leaves the dashboard's to do,
     * the flag itself kept. A new flag from the patient clears both.
     */
    flagDealtAt: timestamp('flag_dealt_at', { withTimezone: true }),
    flagDealtBy: integer('flag_dealt_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    /** The video consultation's join link (https) staff set for this appointment; none: the consultant's standing one. */
    videoLink: text('video_link'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('appointments_patient_id_idx').on(table.patientId),
    // The visitors' bookings still being made (few at any time): the people who have only these are not patients
    // yet, and the patients list leaves them out without reading every appointment.
    index('appointments_held_patient_id_idx').on(table.patientId).where(sql`${table.status} = 'held'`),
    index('appointments_slot_id_idx').on(table.slotId),
    // Ascending, read backwards: the staff lists' newest first (created_at desc, id desc).
    index('appointments_created_at_idx').on(table.createdAt, table.id),
    index('appointments_booked_from_idx')
      .on(table.bookedFrom, table.createdAt)
      .where(sql`${table.bookedFrom} is not null`),
    check('appointments_status_check', sql`${table.status} in (${inList(appointmentStatuses)})`),
    check('appointments_price_check', sql`${table.priceCents} >= 0`),
    check(
      'appointments_flag_reason_check',
      sql`${table.flagReason} is null or ${table.flagReason} in (${inList(flagReasons)})`,
    ),
    // Flagged appointments yet to come, for the dashboard.
    index('appointments_flagged_at_idx').on(table.flaggedAt).where(sql`${table.flaggedAt} is not null`),
  ],
);

/**
 * More tokens of an appointment's booking link, besides the one of its confirmation (`appointments.manage_token_hash`):
 * one for each reminder e-mail that carries the link, since the server keeps no token it could send again. Each opens
 * the booking as the confirmation's does, while the appointment has not ended; deleted with the appointment.
 */
export const manageLinkTokens = pgTable(
  'manage_link_tokens',
  {
    /** sha256 hex of the token. */
    tokenHash: text('token_hash').primaryKey(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [index('manage_link_tokens_appointment_id_idx').on(table.appointmentId)],
);

/**
 * A self-referral: a patient's request for an appointment, sent with a referral letter or the form's answers
 * (kept on the patient), and its triage (`status`, whose moves are written once in
 * `modules/referrals/referral-states.ts`). Deleted with its patient (erasure, retention), and its e-mails with it.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: serialId(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    status: text('status').$type<ReferralStatus>().notNull().default('awaiting'),
    hasReferralLetter: boolean('has_referral_letter').notNull(),
    /** The e-mail address as the hourly limit counts it (lower case). */
    emailKey: text('email_key').notNull(),
    /** The client address it was sent from (an IPv6 one by its /64): referrals per address per hour. */
    sentFrom: text('sent_from').notNull(),
    /** Staff's last decision: when, what they wrote to the patient, and (accepted) what they asked them to book. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    message: text('message'),
    bookingKind: text('booking_kind').$type<ReferralBookingKind>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('referrals_patient_id_idx').on(table.patientId),
    // Triage reads the awaiting ones oldest first; the list otherwise newest first.
    index('referrals_status_created_at_idx').on(table.status, table.createdAt, table.id),
    index('referrals_created_at_idx').on(table.createdAt, table.id),
    index('referrals_email_key_created_at_idx').on(table.emailKey, table.createdAt),
    index('referrals_sent_from_created_at_idx').on(table.sentFrom, table.createdAt),
    check('referrals_status_check', sql`${table.status} in (${inList(referralStatuses)})`),
    check(
      'referrals_booking_kind_check',
      sql`${table.bookingKind} is null or ${table.bookingKind} in (${inList(referralBookingKinds)})`,
    ),
  ],
);

/**
 * A payment of an appointment (a "transaction" in the spec and the API): by card online through the provider, or
 * taken at the desk (cash, the card terminal) and recorded by staff.
 */
export const payments = pgTable(
  'payments',
  {
    id: serialId(),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    /** The card provider (stripe, test), or `desk` for money taken at the desk. */
    provider: text('provider').$type<PaymentSource>().notNull(),
    /** How the money was taken: card (online, through the provider), cash or card_terminal (at the desk). */
    method: text('method').$type<PaymentMethod>().notNull().default('card'),
    /** The staff member who recorded money taken at the desk. */
    recordedBy: integer('recorded_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    /** The provider's id of the payment (a Stripe PaymentIntent id), known before the card is charged. */
    providerPaymentId: text('provider_payment_id').unique(),
    /**
     * Sent with every call that makes the payment (and, with `-refund`, its refund): repeating a call after a
     * crash never charges or refunds twice. Random, so a database started afresh never reuses one.
     */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    status: text('status').$type<PaymentStatus>().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    customerEmail: text('customer_email'),
    /**
     * Cents given back so far, the sum of its refunds made (`refunds`, pending or succeeded): less than the amount
     * while it stands (a part given back), the amount once refunded. Written with the refund, the row locked.
     */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** The provider's id of the refund that gave back the last of it. */
    refundId: text('refund_id'),
    /**
     * Why the provider refused the payment, as it said it; on a payment still processing, why the last call to the
     * provider failed without an answer (an interrupted payment, which the patient's next try continues).
     */
    failureMessage: text('failure_message'),
    /** While unsettled: when the settlement job may next ask the provider about it (backing off). */
    settleAfter: timestamp('settle_after', { withTimezone: true }).notNull().defaultNow(),
    settleAttempts: integer('settle_attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('payments_appointment_id_idx').on(table.appointmentId),
    // One live card payment per appointment: a second one (a double click, a second tab) is refused by the
    // database. Money taken at the desk may come in several parts, up to the price (decision 0023).
    uniqueIndex('payments_one_live_card_payment_idx')
      .on(table.appointmentId)
      .where(
        sql`${table.status} in (${inList(livePaymentStatuses)}) and ${table.provider} not in (${inList([DESK_PROVIDER])})`,
      ),
    index('payments_created_at_idx').on(table.createdAt),
    index('payments_unsettled_idx')
      .on(table.settleAfter)
      .where(sql`${table.status} in (${inList(unsettledPaymentStatuses)})`),
    // With the method and amount, the takings of a year are summed from the index alone (an index-only scan).
    index('payments_paid_at_idx')
      .on(table.paidAt, table.method, table.amountCents)
      .where(sql`${table.paidAt} is not null`),
    check(
      'payments_provider_check',
      sql`${table.provider} in (${inList([...paymentProviders, DESK_PROVIDER])})`,
    ),
    check('payments_method_check', sql`${table.method} in (${inList(paymentMethods)})`),
    // Money taken at the desk, and only it, went through no provider.
    check(
      'payments_desk_method_check',
      sql`(${table.provider} in (${inList([DESK_PROVIDER])})) = (${table.method} in (${inList(deskPaymentMethods)}))`,
    ),
    check('payments_status_check', sql`${table.status} in (${inList(paymentStatuses)})`),
    check('payments_amount_check', sql`${table.amountCents} >= 0`),
    check(
      'payments_refunded_check',
      sql`${table.refundedCents} >= 0 and ${table.refundedCents} <= ${table.amountCents}`,
    ),
  ],
);

/**
 * A refund of a payment: a part of it, or all that was left (issue 32); a payment has any number, never more than
 * its amount in all. A card payment's is asked of its provider (`requested` first, with its idempotency key, so a
 * crash or a lost answer asks again with the same key), one at a time (its payment `refunding` meanwhile); money
 * taken at the desk is handed back there (`succeeded` at once, no provider id). Kept with its payment; the reason
 * is forgotten with the patient.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serialId(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** Staff's reason, if they gave one (may name the patient or their health: erased with them). */
    reason: text('reason'),
    requestedBy: text('requested_by').$type<RefundRequester>().notNull(),
    /** The staff member who made it (`requested_by` staff). */
    adminUserId: integer('admin_user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    status: text('status').$type<RefundStatus>().notNull(),
    /** Sent with each call that asks the provider for it; none for a refund at the desk. */
    idempotencyKey: text('idempotency_key').unique(),
    /** The provider's id of the refund (Stripe's `re_…`), once it answered. */
    providerRefundId: text('provider_refund_id'),
    /** Why the provider refused it, as it said it. */
    failureMessage: text('failure_message'),
    /** When it was made (given back, or taken by the provider to pay out): the takings count it on that day. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('refunds_payment_id_idx').on(table.paymentId),
    index('refunds_refunded_at_idx').on(table.refundedAt).where(sql`${table.refundedAt} is not null`),
    check('refunds_amount_check', sql`${table.amountCents} > 0`),
    check('refunds_status_check', sql`${table.status} in (${inList(refundStatuses)})`),
    check('refunds_requested_by_check', sql`${table.requestedBy} in (${inList(refundRequesters)})`),
    // A refund made has its day.
    check(
      'refunds_made_check',
      sql`${table.status} not in ('pending', 'succeeded') or ${table.refundedAt} is not null`,
    ),
  ],
);

/**
 * The reminders sent about appointments, one row for each reminder of each time an appointment had: the row is
 * written (`insert … on conflict do nothing`) in the transaction that queues the e-mail, so a reminder is sent
 * once, however many instances run the reminder job. A moved appointment's new time (`starts_at`) has reminders
 * of its own.
 */
export const appointmentReminders = pgTable(
  'appointment_reminders',
  {
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AppointmentReminderKind>().notNull(),
    /** The start of the slot the reminder was about. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.appointmentId, table.kind, table.startsAt] }),
    check('appointment_reminders_kind_check', sql`${table.kind} in (${inList(appointmentReminderKinds)})`),
  ],
);

/**
 * A booking's intake and consent form (`modules/intake`): the answers as the patient typed them (a draft), or
 * signed: locked, with the typed name, the time, the address it came from and the form's version. A change after
 * signing is a new row (the next `revision`), so every signed one is kept. Deleted with the patient (erasure,
 * retention) and with the appointment.
 */
export const intakeForms = pgTable(
  'intake_forms',
  {
    id: serialId(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /** 1 for the first form of the appointment, one more for each change after a signing. */
    revision: integer('revision').notNull(),
    form: text('form').$type<IntakeFormKind>().notNull(),
    /** The version of the form's questions and consent (`shared/intake.ts`) it was filled, and signed, on. */
    version: integer('version').notNull(),
    status: text('status').$type<'draft' | 'signed'>().notNull(),
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    /** The full name typed as the signature, and who signed: the patient or their parent or guardian. */
    signature: text('signature'),
    signer: text('signer').$type<'patient' | 'guardian'>(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** The address the signature came from, as the request's client address. */
    signedFrom: text('signed_from'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('intake_forms_appointment_revision_idx').on(table.appointmentId, table.revision),
    // At most one draft per appointment: the one being filled.
    uniqueIndex('intake_forms_one_draft_idx').on(table.appointmentId).where(sql`${table.status} = 'draft'`),
    index('intake_forms_patient_id_idx').on(table.patientId),
    check('intake_forms_status_check', sql`${table.status} in ('draft', 'signed')`),
    check('intake_forms_form_check', sql`${table.form} in (${inList(intakeFormKinds)})`),
  ],
);

/**
 * The intake form reminders sent (`modules/intake/intake-reminders.ts`), one per appointment and start: written
 * in the transaction that queues the e-mail, so it is sent once however many instances run the job.
 */
export const intakeReminders = pgTable(
  'intake_reminders',
  {
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /**
     * sha256 hex of the token of the form's link in the reminder: it opens this appointment's form only (never the
     * booking's page), so the reminder need not carry the booking link, whose token only its hash keeps.
     */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.appointmentId, table.startsAt] })],
);

/** The last receipt number given in each year (`modules/appointments/receipts`): one atomic upsert a number. */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    year: integer('year').primaryKey(),
    last: integer('last').notNull(),
  },
  (table) => [check('receipt_counters_last_check', sql`${table.last} > 0`)],
);

/**
 * A paid appointment's receipt number (`YYYY-NNNNNN`), given the first time a receipt of it is made (the payment's
 * e-mail or a download) and the same on every copy after; the year is the payment's in clinic time.
 */
export const receipts = pgTable(
  'receipts',
  {
    appointmentId: integer('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('receipts_year_number_idx').on(table.year, table.number),
    check('receipts_number_check', sql`${table.number} > 0`),
  ],
);

/** Payment provider events (Stripe webhooks) already handled, by the provider's event id: each is handled once. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------------
// E-mail, contact form, audit

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serialId(),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    attachments: jsonb('attachments').$type<EmailAttachment[]>().notNull().default([]),
    status: text('status').$type<EmailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** The appointment the message is about (staff see its e-mails and their delivery); erased with its patient. */
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    /** The self-referral the message is about: deleted with it (its patient's erasure). */
    referralId: integer('referral_id').references(() => referrals.id, { onDelete: 'cascade' }),
    /** A sender's claim on the message; another instance may take it over once this has passed. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('email_outbox_status_next_attempt_idx').on(table.status, table.nextAttemptAt),
    index('email_outbox_appointment_id_idx')
      .on(table.appointmentId)
      .where(sql`${table.appointmentId} is not null`),
    index('email_outbox_referral_id_idx').on(table.referralId).where(sql`${table.referralId} is not null`),
    check('email_outbox_status_check', sql`${table.status} in (${inList(emailStatuses)})`),
  ],
);

/**
 * A text message to a patient (issue 34, decision 0030), sent by `modules/texts`' job once: queued,
 * claimed ('sending'), handed to the provider ('sent', with its id), then 'delivered' or 'failed' from the
 * provider's signed status callback (with its reason). Never a health detail in `body`.
 */
export const textOutbox = pgTable(
  'text_outbox',
  {
    id: serialId(),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    kind: text('kind').$type<TextKind>().notNull(),
    status: text('status').$type<TextStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The provider's id of the message (Twilio's MessageSid): its status callbacks name it. */
    providerId: text('provider_id').unique(),
    /** The provider's last word on it (`queued`, `sent`, `delivered`, `undelivered`, `failed`). */
    providerStatus: text('provider_status'),
    lastError: text('last_error'),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('text_outbox_status_next_attempt_idx').on(table.status, table.nextAttemptAt),
    index('text_outbox_appointment_id_idx')
      .on(table.appointmentId)
      .where(sql`${table.appointmentId} is not null`),
    index('text_outbox_to_phone_idx').on(table.toPhone, table.createdAt),
    check('text_outbox_status_check', sql`${table.status} in (${inList(textStatuses)})`),
  ],
);

/**
 * A text a person sent the clinic's number (Twilio's inbound webhook), each once (its MessageSid): STOP withdrew their
 * consent, C or CANCEL asks staff to call about the appointment (never cancels it), anything else is for staff to read.
 */
export const textReplies = pgTable(
  'text_replies',
  {
    id: serialId(),
    providerId: text('provider_id').notNull().unique(),
    fromPhone: text('from_phone').notNull(),
    body: text('body').notNull(),
    action: text('action').$type<TextReplyAction>().notNull(),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    /** When staff marked it dealt with (called the patient back, or read it), and who. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('text_replies_appointment_id_idx')
      .on(table.appointmentId)
      .where(sql`${table.appointmentId} is not null`),
    index('text_replies_from_phone_idx').on(table.fromPhone),
  ],
);

/** Each status callback of the provider once (its message and status): a replayed one is refused. */
export const textStatusEvents = pgTable(
  'text_status_events',
  {
    providerId: text('provider_id').notNull(),
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.providerId, table.status] })],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serialId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    emailOutboxId: integer('email_outbox_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_created_at_idx').on(table.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** Who acted: 'admin' (admin_user_id says which), 'visitor' (a patient or anyone not signed in), 'system'. */
    actor: text('actor').$type<'admin' | 'visitor' | 'system'>().notNull().default('admin'),
    adminUserId: integer('admin_user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    action: text('action').$type<AuditAction>().notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_created_at_idx').on(table.createdAt),
    index('audit_log_action_created_at_idx').on(table.action, table.createdAt),
    index('audit_log_entity_idx').on(table.entity, table.entityId),
    // An admin's entries (the audit log searched by e-mail; an admin's removal sets these null).
    index('audit_log_admin_user_id_created_at_idx').on(table.adminUserId, table.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Row types

export type AdminUser = typeof adminUsers.$inferSelect;
export type NewAdminUser = typeof adminUsers.$inferInsert;
export type AdminAuthToken = typeof adminAuthTokens.$inferSelect;
export type NewAdminAuthToken = typeof adminAuthTokens.$inferInsert;
export type StoredFile = typeof files.$inferSelect;
export type NewStoredFile = typeof files.$inferInsert;
export type TeamMember = typeof teamMembers.$inferSelect;
export type NewTeamMember = typeof teamMembers.$inferInsert;
export type BlogArticle = typeof blogArticles.$inferSelect;
export type NewBlogArticle = typeof blogArticles.$inferInsert;
export type FaQuestion = typeof faQuestions.$inferSelect;
export type NewFaQuestion = typeof faQuestions.$inferInsert;
export type FeeCategory = typeof feeCategories.$inferSelect;
export type NewFeeCategory = typeof feeCategories.$inferInsert;
export type FeeService = typeof feeServices.$inferSelect;
export type NewFeeService = typeof feeServices.$inferInsert;
export type FeePrice = typeof feePrices.$inferSelect;
export type NewFeePrice = typeof feePrices.$inferInsert;
export type Closure = typeof closures.$inferSelect;
export type Slot = typeof slots.$inferSelect;
export type NewSlot = typeof slots.$inferInsert;
export type Patient = typeof patients.$inferSelect;
export type NewPatient = typeof patients.$inferInsert;
export type Appointment = typeof appointments.$inferSelect;
export type NewAppointment = typeof appointments.$inferInsert;
export type Referral = typeof referrals.$inferSelect;
export type NewReferral = typeof referrals.$inferInsert;
export type Payment = typeof payments.$inferSelect;
export type AppointmentReminder = typeof appointmentReminders.$inferSelect;
export type IntakeForm = typeof intakeForms.$inferSelect;
export type Receipt = typeof receipts.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type Refund = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;
export type EmailOutboxMessage = typeof emailOutbox.$inferSelect;
export type NewEmailOutboxMessage = typeof emailOutbox.$inferInsert;
export type ContactMessage = typeof contactMessages.$inferSelect;
export type NewContactMessage = typeof contactMessages.$inferInsert;
export type AuditLogEntry = typeof auditLog.$inferSelect;
export type NewAuditLogEntry = typeof auditLog.$inferInsert;

/**
 * A time that became free (a booked slot freed by a refund, cancel or move; new slots staff added): the slots'
 * outbox of "a time freed", written in the transaction that freed it and consumed once by the wait list's job
 * (claimed with `for update skip locked` and deleted in the transaction that offers the time).
 */
export const slotFreedEvents = pgTable(
  'slot_freed_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    slotId: integer('slot_id')
      .notNull()
      .references(() => slots.id, { onDelete: 'cascade' }),
    /** What freed it: refund, cancel, reschedule, added, offer_ended, … (for the logs; nothing branches on it). */
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('slot_freed_events_created_at_idx').on(table.createdAt, table.id)],
);

/**
 * A person waiting for a time of one kind (issue 34): offered freed times oldest first until they book, leave, or
 * pass their latest date. Not a patient: no health details, only how to reach them and what suits them.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serialId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The e-mail address as the limits count it (`recipientKey`). */
    emailKey: text('email_key').notNull(),
    /** E.164 when given. */
    phone: text('phone'),
    smsConsent: boolean('sms_consent').notNull().default(false),
    smsConsentAt: timestamp('sms_consent_at', { withTimezone: true }),
    isAdult: boolean('is_adult').notNull(),
    isVideoCall: boolean('is_video_call').notNull(),
    /** The places that suit; null: any (a video call has none). */
    locations: text('locations').array(),
    /** Clinic days, inclusive. */
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    status: text('status').$type<WaitlistEntryStatus>().notNull().default('active'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** sha256 of the token in the confirmation e-mail's link to leave the list. */
    leaveTokenHash: text('leave_token_hash').notNull(),
    /** The client address it was sent from (an IPv6 one by its /64): entries per address per hour. */
    sentFrom: text('sent_from').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('waitlist_entries_active_idx')
      .on(table.isVideoCall, table.isAdult, table.createdAt, table.id)
      .where(sql`${table.status} = 'active'`),
    index('waitlist_entries_email_key_idx').on(table.emailKey, table.status),
    index('waitlist_entries_sent_from_created_at_idx').on(table.sentFrom, table.createdAt),
    index('waitlist_entries_created_at_idx').on(table.createdAt, table.id),
    check('waitlist_entries_status_check', sql`${table.status} in (${inList(waitlistEntryStatuses)})`),
    check('waitlist_entries_days_check', sql`${table.fromDay} <= ${table.toDay}`),
  ],
);

/**
 * A freed time offered to a wait-list entry: the slot is held for it (`hold_client` = `offer:<id>`) until the
 * offer ends. One open offer per entry and per slot (the unique indexes make a second one fail, whatever runs it).
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: serialId(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    slotId: integer('slot_id').references(() => slots.id, { onDelete: 'set null' }),
    /** sha256 of the token in the offer's link (`X-Offer-Token`). */
    tokenHash: text('token_hash').notNull(),
    status: text('status').$type<WaitlistOfferStatus>().notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Made by staff ("Offer this time") rather than the job. */
    byStaff: boolean('by_staff').notNull().default(false),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('waitlist_offers_open_entry_idx').on(table.entryId).where(sql`${table.status} = 'open'`),
    uniqueIndex('waitlist_offers_open_slot_idx').on(table.slotId).where(sql`${table.status} = 'open'`),
    index('waitlist_offers_entry_slot_idx').on(table.entryId, table.slotId),
    uniqueIndex('waitlist_offers_token_hash_idx').on(table.tokenHash),
    check('waitlist_offers_status_check', sql`${table.status} in (${inList(waitlistOfferStatuses)})`),
  ],
);

import { z } from 'zod';
import { pagedListSchema } from './api/common-schemas';
import { paginationQuerySchema } from './pagination';

/** The Activity screen: the audit log of staff reads and changes (DESIGN.md section 4). */

export const AUDIT_PAGE_SIZE = 25;

export const auditLogQuerySchema = paginationQuerySchema
  .extend({
    per_page: paginationQuerySchema.shape.per_page.unwrap().default(AUDIT_PAGE_SIZE),
    /** Part of the admin's e-mail, the action, the record type, or the record's id. */
    search: z.string().trim().max(200, 'search is at most 200 characters').optional(),
  })
  .strict();

/**
 * What a run of the retention job deleted (action 'retention_purge'): counts by kind, the age past which things
 * went, never what they held.
 */
const auditPurgeSchema = z.object({
  /** RETENTION_DAYS of the run: what was older went. */
  older_than_days: z.number().int(),
  contact_messages: z.number().int(),
  referrals: z.number().int(),
  /** Appointments whose person was erased (kept for the accounts, with their payments, without the person). */
  bookings: z.number().int(),
  /** People erased (each with their bookings or referral). */
  patients: z.number().int(),
  files: z.number().int(),
  emails: z.number().int(),
  /** Intake and consent forms (every revision); 0 for runs before they existed. */
  intake_forms: z.number().int(),
  /** Ended wait-list entries; 0 for runs before they existed. */
  waitlist_entries: z.number().int(),
  /** Texts and replies to them; 0 for runs before they were counted. */
  texts: z.number().int(),
});
export type AuditPurge = z.infer<typeof auditPurgeSchema>;

/** Why an invitation link was refused (action 'invitation_failed'): never the token itself. */
const invitationFailureReasons = ['unknown', 'used', 'replaced', 'expired', 'disabled'] as const;
export type InvitationFailureReason = (typeof invitationFailureReasons)[number];

/**
 * One entry: who did what to which record, and which fields it touched (never their values, but for the three an
 * administrator reads the entry for, none of them a patient's data: `roles`, `email_tried`, `reason`).
 */
const auditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  created_at: z.string(),
  /** 'admin', 'visitor' (a patient or anyone not signed in) or 'system' (a background job: no admin, no address). */
  actor: z.string(),
  /** The admin's e-mail; always null for a visitor or the system, and for an admin since removed. */
  admin_email: z.string().nullable(),
  /** create, update, delete, read, export, erase, retention_purge, login, logout, … */
  action: z.string(),
  /** The record's type: appointment, patient, payment, slot, file, … */
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** The names of the fields the entry records, e.g. ['status', 'slot_id'] (where a read came from is `context`). */
  fields: z.array(z.string()),
  /**
   * Where a read or export came from: 'appointments_list', 'appointment', 'dashboard', 'patients_list', 'patient',
   * 'file', or an export's format ('csv', 'zip'); null for a change.
   */
  context: z.string().nullable(),
  /** A retention run's counts (action 'retention_purge'); null for every other entry. */
  purge: auditPurgeSchema.nullable(),
  /**
   * The roles of a role change ('role_changed': from and to) or an invitation ('staff_invited': to, from null), as
   * `staffRoles` names them; null for every other entry.
   */
  roles: z.object({ from: z.string().nullable(), to: z.string() }).nullable(),
  /**
   * The e-mail address typed at a failed sign-in ('login_failed'), an account's or not: what shows a guessing
   * attack; null for every other entry, and once the retention job forgot it.
   */
  email_tried: z.string().nullable(),
  /** Why an invitation link was refused ('invitation_failed', an `InvitationFailureReason`); null otherwise. */
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = pagedListSchema('audit_entries', auditEntrySchema);
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

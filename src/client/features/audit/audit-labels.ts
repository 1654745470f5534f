import type { AuditEntry, AuditPurge } from '../../../shared/audit';
import { isStaffRole, staffRoleLabels } from '../../../shared/staff-roles';

/**
 * How the Activity screen reads an audit entry: who, what, which record, which fields (their names only: the
 * API never gives values). Pure, so the screen and the tests agree.
 */

/** What each action of the log is called on screen. */
const auditActionLabels: Record<string, string> = {
  read: 'Read',
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  export: 'Exported',
  erase: 'Erased',
  retention_purge: 'Retention',
  login: 'Signed in',
  logout: 'Signed out',
  logout_all: 'Signed out everywhere',
  login_failed: 'Sign-in failed',
  session_ended: 'Session ended',
  second_factor_added: 'Two-step sign-in added',
  second_factor_removed: 'Two-step sign-in removed',
  second_factor_failed: 'Second step failed',
  recovery_code_used: 'Recovery code used',
  settings_changed: 'Settings changed',
  staff_invited: 'Invited',
  invitation_accepted: 'Accepted invitation',
  invitation_failed: 'Invitation link refused',
  role_changed: 'Role changed',
  account_disabled: 'Account disabled',
  account_enabled: 'Account enabled',
  intake_signed: 'Signed',
};

/** What each type of record is called on screen. */
const auditEntityLabels: Record<string, string> = {
  patient: 'Patient',
  appointment: 'Appointment',
  payment: 'Payment',
  slot: 'Time slot',
  file: 'File',
  admin_user: 'Admin',
  blog: 'Article',
  team_member: 'Team member',
  fa_question: 'FAQ',
  fee_category: 'Fee category',
  fee_service: 'Fee service',
  referral: 'Referral',
  retention: 'Retention',
  clinic_settings: 'Clinic settings',
  closure: 'Closure',
  intake_form: 'Intake form',
};

/** 'logout_all' → 'Logout all': a name the screen does not know yet, readable all the same. */
function readable(value: string): string {
  const words = value.replaceAll('_', ' ').trim();
  return words ? `${words[0]?.toUpperCase()}${words.slice(1)}` : '—';
}

export const auditActionLabel = (action: string) => auditActionLabels[action] ?? readable(action);

/** A role as the Staff screen names it ('Reception'); one the screen does not know, readably. */
const roleLabel = (role: string) => (isStaffRole(role) ? staffRoleLabels[role] : readable(role));

/** Why an invitation link was refused, after 'Invitation link refused: '. */
const invitationFailureLabels: Record<string, string> = {
  unknown: 'not a link the clinic sent',
  used: 'used already',
  replaced: 'replaced by a newer link',
  expired: 'expired',
  disabled: 'the account is disabled',
};

/**
 * The action with the values an administrator reads it for, where the entry has them: 'Role changed from Reception
 * to Administrator', 'Invited as Clinician', 'Sign-in failed for someone@example.ie', 'Invitation link refused:
 * expired'; else the action's label.
 */
/** What of an entry's shown values a label reads; an entry without them is read by its action alone. */
type ShownValues = Partial<Pick<AuditEntry, 'roles' | 'email_tried' | 'reason'>>;

export function auditActionText(entry: Pick<AuditEntry, 'action'> & ShownValues): string {
  const action = auditActionLabel(entry.action);
  if (entry.roles) {
    const to = roleLabel(entry.roles.to);
    return entry.roles.from === null
      ? `${action} as ${to}`
      : `${action} from ${roleLabel(entry.roles.from)} to ${to}`;
  }
  if (entry.email_tried) return `${action} for ${entry.email_tried}`;
  if (entry.reason)
    return `${action}: ${invitationFailureLabels[entry.reason] ?? readable(entry.reason).toLowerCase()}`;
  return action;
}

export const auditEntityLabel = (entity: string) => auditEntityLabels[entity] ?? readable(entity);

/** Who did it: the admin's e-mail, 'Patient or visitor', 'System', or an admin since removed. */
export function auditActorLabel(entry: Pick<AuditEntry, 'actor' | 'admin_email'>): string {
  if (entry.admin_email) return entry.admin_email;
  switch (entry.actor) {
    case 'admin':
      return 'Removed admin';
    case 'visitor':
      return 'Patient or visitor';
    case 'system':
      return 'System';
    default:
      return readable(entry.actor);
  }
}

/**
 * The record: its type and id ('Patient 12'); a read or export of several at once has no id ('Patient list':
 * the patients list, Patients.csv); anything else without an id, its type alone.
 */
export function auditRecordLabel(entry: Pick<AuditEntry, 'entity' | 'entity_id' | 'action'>): string {
  const type = auditEntityLabel(entry.entity);
  if (entry.entity_id) return `${type} ${entry.entity_id}`;
  return entry.action === 'read' || entry.action === 'export' ? `${type} list` : type;
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** 'a', 'a and b', 'a, b and c'. */
function listed(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');
}

/**
 * What a retention run deleted, as a sentence: 'Deleted 3 contact messages, 1 referral and 2 bookings older than
 * 90 days, with 4 files and 6 e-mails' (kinds it deleted none of are left out).
 */
export function auditPurgeLabel(purge: AuditPurge): string {
  const kinds = [
    [purge.contact_messages, 'contact message', 'contact messages'],
    [purge.referrals, 'referral', 'referrals'],
    [purge.bookings, 'booking', 'bookings'],
  ] as const;
  let deleted = kinds.filter(([count]) => count > 0).map(([count, one, many]) => counted(count, one, many));
  // People with neither a booking nor a referral (the forms make none): named as what they are.
  if (deleted.length === 0 && purge.patients > 0)
    deleted = [counted(purge.patients, 'patient record', 'patient records')];
  const along = [
    [purge.files, 'file', 'files'],
    [purge.emails, 'e-mail', 'e-mails'],
    [purge.intake_forms, 'intake form', 'intake forms'],
    [purge.waitlist_entries, 'wait-list entry', 'wait-list entries'],
    [purge.texts, 'text', 'texts'],
  ] as const;
  const withThem = along
    .filter(([count]) => count > 0)
    .map(([count, one, many]) => counted(count, one, many));
  return `Deleted ${deleted.length > 0 ? listed(deleted) : 'nothing'} older than ${counted(purge.older_than_days, 'day', 'days')}${withThem.length > 0 ? `, with ${listed(withThem)}` : ''}`;
}

/**
 * The record column: the record ('Patient 12', see `auditRecordLabel`), or for a retention run what it deleted
 * (`auditPurgeLabel`).
 */
export const auditEntryRecordLabel = (
  entry: Pick<AuditEntry, 'entity' | 'entity_id' | 'action' | 'purge'>,
): string => (entry.purge ? auditPurgeLabel(entry.purge) : auditRecordLabel(entry));

/**
 * An entry in a few words, naming its row's buttons and its row for screen readers: 'Erased Patient 12', or
 * 'Retention: deleted 3 contact messages … older than 90 days'.
 */
export function auditEntryLabel(
  entry: Pick<AuditEntry, 'entity' | 'entity_id' | 'action' | 'purge'> & ShownValues,
): string {
  const action = auditActionText(entry);
  if (entry.purge) {
    const what = auditPurgeLabel(entry.purge);
    return `${action}: ${what[0]?.toLowerCase()}${what.slice(1)}`;
  }
  return `${action} ${auditRecordLabel(entry)}`;
}

/** Where a read or an export came from, as a phrase after its action ('Read' 'on the patient's page'). */
const auditContextLabels: Record<string, string> = {
  appointments_list: 'in the appointments list',
  appointment: "on an appointment's page",
  dashboard: 'on the dashboard',
  calendar: 'on the calendar',
  patients_list: 'in the patients list',
  patient: "on the patient's page",
  referrals_list: 'in the referrals list',
  referral: "on a referral's page",
  slots_day: "in a day's slots",
  closures: 'in the closures',
  file: 'a document downloaded',
  csv: 'as a CSV file',
  zip: 'as a zip (GDPR access request)',
};

export const auditContextLabel = (context: string | null): string | undefined =>
  context ? (auditContextLabels[context] ?? readable(context).toLowerCase()) : undefined;

/** The names of the fields the entry records, comma-separated; '—' for none. */
export const auditFieldsLabel = (fields: readonly string[]) => (fields.length > 0 ? fields.join(', ') : '—');

const labelToValue = (labels: Record<string, string>, text: string): string | undefined => {
  const wanted = text.toLowerCase();
  return Object.entries(labels).find(([, label]) => {
    const lower = label.toLowerCase();
    return lower === wanted || `${lower}s` === wanted;
  })?.[0];
};

/**
 * The search as the API reads it. The API matches the log's own words (an admin's e-mail, 'erase', 'admin_user',
 * a record id), while staff type what the screen shows: a whole action or record label becomes the log's word
 * ('Erased' → 'erase', 'Signed in' → 'login', 'Time slots' → 'slot') and 'Patient 12' becomes the id '12';
 * anything else is sent as typed.
 */
export function auditSearchText(search: string): string {
  const text = search.trim().replace(/\s+/g, ' ');
  if (!text) return '';
  const action = labelToValue(auditActionLabels, text);
  if (action) return action;
  const entity = labelToValue(auditEntityLabels, text);
  if (entity) return entity;
  const record = /^(.+) (\S+)$/.exec(text);
  if (record?.[1] && record[2] && labelToValue(auditEntityLabels, record[1]) && /^\d+$/.test(record[2])) {
    return record[2];
  }
  return text;
}

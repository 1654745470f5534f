import type { AuditEntry } from '../../../shared/audit';

/**
 * How the Activity screen reads an audit entry: who, what, which record, which fields (their names only: the
 * API never gives values). Pure, so the screen and the tests agree.
 */

/** What each action of the log is called on screen. */
export const auditActionLabels: Record<string, string> = {
  read: 'Read',
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  export: 'Exported',
  erase: 'Erased',
  login: 'Signed in',
  logout: 'Signed out',
  logout_all: 'Signed out everywhere',
  login_failed: 'Sign-in failed',
};

/** What each type of record is called on screen. */
export const auditEntityLabels: Record<string, string> = {
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
};

/** 'logout_all' → 'Logout all': a name the screen does not know yet, readable all the same. */
function readable(value: string): string {
  const words = value.replaceAll('_', ' ').trim();
  return words ? `${words[0]?.toUpperCase()}${words.slice(1)}` : '—';
}

export const auditActionLabel = (action: string) => auditActionLabels[action] ?? readable(action);

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

/** Where a read or an export came from, as a phrase after its action ('Read' 'on the patient's page'). */
const auditContextLabels: Record<string, string> = {
  appointments_list: 'in the appointments list',
  appointment: "on an appointment's page",
  dashboard: 'on the dashboard',
  patients_list: 'in the patients list',
  patient: "on the patient's page",
  referrals_list: 'in the referrals list',
  referral: "on a referral's page",
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

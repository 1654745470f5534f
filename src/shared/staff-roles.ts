/**
 * Staff roles and what each may do: the one table the server's admin guard checks (each admin endpoint names
 * the permission it needs in its definition) and the back office's menu reads. Data Protection Act 2018 s.36:
 * "limitations on access … within a workplace"; health details are seen only by roles that treat patients.
 */
export const staffRoles = ['administrator', 'clinician', 'reception', 'bookkeeper'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffRoleLabels: Record<StaffRole, string> = {
  administrator: 'Administrator',
  clinician: 'Clinician',
  reception: 'Reception',
  bookkeeper: 'Bookkeeper',
};

/** What a staff member is told when their role may not do what they asked (403 `role_forbidden`). */
export const roleForbiddenText = 'Your role cannot do this.';

const staffPermissions = [
  /** One's own account: who am I, sign out, one's sessions and second factor. Every role. */
  'account',
  /** Staff accounts, clinic settings, Activity (the audit log). */
  'staff',
  /** Blog, team, FAQs, fees. */
  'content',
  'availability',
  'appointments_read',
  /** Create, edit, move, mark attendance. */
  'appointments_write',
  'refunds',
  /** Money taken at the desk (cash, the card terminal) recorded on an appointment staff booked. */
  'desk_payments',
  /** Booking answers (test reason, allergens, GP), results, referral letters and answers, referral triage. */
  'health',
  /** The patients list and their contact details. */
  'patients',
  /** Appointments.csv, which carries payments. */
  'appointments_export',
  /** Patients.csv, a patient's GDPR export and erasure. */
  'patients_export',
  /** The takings report (`/admin/takings`), its CSV, and the takings on the dashboard. */
  'takings',
  'outbox',
  /** The wait list: its entries (names and how to reach them) and offering them a time. */
  'waitlist',
] as const;
export type StaffPermission = (typeof staffPermissions)[number];

const everyone: readonly StaffRole[] = staffRoles;

const permissionRoles: Record<StaffPermission, readonly StaffRole[]> = {
  account: everyone,
  staff: ['administrator'],
  content: ['administrator', 'reception'],
  availability: ['administrator', 'clinician', 'reception'],
  appointments_read: everyone,
  appointments_write: ['administrator', 'clinician', 'reception'],
  refunds: ['administrator', 'reception', 'bookkeeper'],
  desk_payments: ['administrator', 'reception'],
  health: ['administrator', 'clinician'],
  patients: ['administrator', 'clinician', 'reception'],
  appointments_export: ['administrator', 'reception', 'bookkeeper'],
  patients_export: ['administrator'],
  takings: ['administrator', 'bookkeeper'],
  outbox: ['administrator', 'reception'],
  waitlist: ['administrator', 'clinician', 'reception'],
};

export function roleCan(role: StaffRole, permission: StaffPermission): boolean {
  return permissionRoles[permission].includes(role);
}

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (staffRoles as readonly string[]).includes(value);

import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditLogResponse } from '../../../shared/audit';
import { useTableParams } from '../../components/data-table/use-table-params';
import { ActivityTable } from './activity-table';

const purge: AuditEntry = {
  id: 41,
  created_at: '2026-03-02T03:15:00.000Z',
  actor: 'system',
  admin_email: null,
  action: 'retention_purge',
  entity: 'retention',
  entity_id: null,
  fields: [],
  context: null,
  purge: {
    older_than_days: 90,
    contact_messages: 3,
    referrals: 1,
    bookings: 2,
    patients: 3,
    files: 4,
    emails: 9,
    intake_forms: 0,
    waitlist_entries: 0,
    texts: 0,
  },
  roles: null,
  email_tried: null,
  reason: null,
};

const erasure: AuditEntry = {
  id: 40,
  created_at: '2026-03-01T11:05:00.000Z',
  actor: 'admin',
  admin_email: 'niamh@clinic.test',
  action: 'erase',
  entity: 'patient',
  entity_id: '12',
  fields: ['appointments', 'files'],
  context: null,
  purge: null,
  roles: null,
  email_tried: null,
  reason: null,
};

function Table({ log }: { log: AuditLogResponse }) {
  const params = useTableParams({ defaultPerPage: 25 });
  return <ActivityTable params={params} log={log} isLoading={false} />;
}

const render = (entries: AuditEntry[]) =>
  renderToString(
    <MemoryRouter initialEntries={['/admin/activity']}>
      <Table log={{ audit_entries: entries, pages: 1, count: entries.length }} />
    </MemoryRouter>,
  );

/** The cells of each body row, as text (the row's header cell first). */
function rowsOf(html: string): string[][] {
  const body = html.slice(html.indexOf('<tbody'));
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) =>
      (cell[1] ?? '')
        .replace(/<!-- -->/g, '')
        .replace(/<[^>]+>/g, '')
        .replace(/&#x27;/g, "'"),
    ),
  );
}

describe('the Activity table', () => {
  it('shows a retention run as the system, when it ran and what it deleted, in counts', () => {
    const [row] = rowsOf(render([purge]));
    expect(row).toEqual([
      // 03:15 UTC on 2 March is 03:15 in Dublin (winter time).
      '02/03/2026 03:15',
      'System',
      'Retention',
      'Deleted 3 contact messages, 1 referral and 2 bookings older than 90 days, with 4 files and 9 e-mails',
      '—None',
    ]);
  });

  it('shows a role change with its roles, and a failed sign-in with the e-mail it tried', () => {
    const roleChange: AuditEntry = {
      ...erasure,
      id: 42,
      action: 'role_changed',
      entity: 'admin_user',
      entity_id: '7',
      fields: [],
      roles: { from: 'reception', to: 'administrator' },
    };
    const failed: AuditEntry = {
      ...erasure,
      id: 43,
      actor: 'visitor',
      admin_email: null,
      action: 'login_failed',
      entity: 'admin_user',
      entity_id: null,
      fields: [],
      email_tried: 'guess@example.ie',
    };
    const [changed, signIn] = rowsOf(render([roleChange, failed]));
    expect(changed?.slice(1)).toEqual([
      'niamh@clinic.test',
      'Role changed from Reception to Administrator',
      'Admin 7',
      '—None',
    ]);
    expect(signIn?.slice(1)).toEqual([
      'Patient or visitor',
      'Sign-in failed for guess@example.ie',
      'Admin',
      '—None',
    ]);
  });

  it('shows a staff change beside it as before: the admin, the record and its fields', () => {
    const rows = rowsOf(render([purge, erasure]));
    expect(rows[1]).toEqual([
      '01/03/2026 11:05',
      'niamh@clinic.test',
      'Erased',
      'Patient 12',
      'appointments, files',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  auditActionLabel,
  auditActionText,
  auditActorLabel,
  auditContextLabel,
  auditEntityLabel,
  auditEntryLabel,
  auditEntryRecordLabel,
  auditFieldsLabel,
  auditPurgeLabel,
  auditRecordLabel,
  auditSearchText,
} from './audit-labels';

describe('audit entries as the Activity screen reads them', () => {
  it('names every action the log records, and an unknown one readably', () => {
    expect(
      [
        'read',
        'create',
        'update',
        'delete',
        'export',
        'erase',
        'retention_purge',
        'login',
        'logout',
        'logout_all',
        'login_failed',
        'session_ended',
        'staff_invited',
        'invitation_accepted',
        'role_changed',
        'account_disabled',
        'account_enabled',
      ].map(auditActionLabel),
    ).toEqual([
      'Read',
      'Created',
      'Changed',
      'Deleted',
      'Exported',
      'Erased',
      'Retention',
      'Signed in',
      'Signed out',
      'Signed out everywhere',
      'Sign-in failed',
      'Session ended',
      'Invited',
      'Accepted invitation',
      'Role changed',
      'Account disabled',
      'Account enabled',
    ]);
    expect(auditActionLabel('password_reset')).toBe('Password reset');
    expect(auditActionLabel('')).toBe('—');
  });

  it('says who: the admin’s e-mail, a patient or visitor, the system, or a removed admin', () => {
    expect(auditActorLabel({ actor: 'admin', admin_email: 'admin@clinic.test' })).toBe('admin@clinic.test');
    expect(auditActorLabel({ actor: 'visitor', admin_email: null })).toBe('Patient or visitor');
    expect(auditActorLabel({ actor: 'system', admin_email: null })).toBe('System');
    expect(auditActorLabel({ actor: 'admin', admin_email: null })).toBe('Removed admin');
  });

  it('names the record by type and id, a list read or export as a list', () => {
    expect(auditRecordLabel({ entity: 'patient', entity_id: '12', action: 'read' })).toBe('Patient 12');
    expect(auditRecordLabel({ entity: 'patient', entity_id: null, action: 'read' })).toBe('Patient list');
    expect(auditRecordLabel({ entity: 'patient', entity_id: null, action: 'export' })).toBe('Patient list');
    expect(auditRecordLabel({ entity: 'admin_user', entity_id: null, action: 'login_failed' })).toBe('Admin');
    expect(auditRecordLabel({ entity: 'fa_question', entity_id: '3', action: 'update' })).toBe('FAQ 3');
    expect(auditEntityLabel('slot')).toBe('Time slot');
    expect(auditEntityLabel('closure')).toBe('Closure');
    expect(auditRecordLabel({ entity: 'referral', entity_id: '4', action: 'update' })).toBe('Referral 4');
    expect(auditEntityLabel('outbox_email')).toBe('Outbox email');
  });

  it('lists the field names, or a dash for none', () => {
    expect(auditFieldsLabel(['appointments', 'emails', 'files'])).toBe('appointments, emails, files');
    expect(auditFieldsLabel([])).toBe('—');
  });
});

describe('a retention run as the Activity screen reads it', () => {
  const counts = {
    older_than_days: 90,
    contact_messages: 0,
    referrals: 0,
    bookings: 0,
    patients: 0,
    files: 0,
    emails: 0,
    intake_forms: 0,
    waitlist_entries: 0,
    texts: 0,
  };

  it('says what it deleted and how old it was, leaving out the kinds it deleted none of', () => {
    expect(
      auditPurgeLabel({
        ...counts,
        contact_messages: 3,
        referrals: 1,
        bookings: 2,
        patients: 3,
        files: 4,
        emails: 9,
      }),
    ).toBe(
      'Deleted 3 contact messages, 1 referral and 2 bookings older than 90 days, with 4 files and 9 e-mails',
    );
    expect(auditPurgeLabel({ ...counts, contact_messages: 1, emails: 1 })).toBe(
      'Deleted 1 contact message older than 90 days, with 1 e-mail',
    );
    expect(auditPurgeLabel({ ...counts, older_than_days: 1, bookings: 1, patients: 1 })).toBe(
      'Deleted 1 booking older than 1 day',
    );
    expect(auditPurgeLabel({ ...counts, referrals: 2, patients: 2, files: 1 })).toBe(
      'Deleted 2 referrals older than 90 days, with 1 file',
    );
    expect(auditPurgeLabel({ ...counts, patients: 2 })).toBe('Deleted 2 patient records older than 90 days');
    expect(auditPurgeLabel(counts)).toBe('Deleted nothing older than 90 days');
  });

  it('stands in for the record, and names the row', () => {
    const entry = {
      action: 'retention_purge',
      entity: 'retention',
      entity_id: null,
      purge: { ...counts, contact_messages: 2, emails: 2 },
    };
    expect(auditEntryRecordLabel(entry)).toBe(
      'Deleted 2 contact messages older than 90 days, with 2 e-mails',
    );
    expect(auditEntryLabel(entry)).toBe(
      'Retention: deleted 2 contact messages older than 90 days, with 2 e-mails',
    );
    const erased = { action: 'erase', entity: 'patient', entity_id: '12', purge: null };
    expect(auditEntryRecordLabel(erased)).toBe('Patient 12');
    expect(auditEntryLabel(erased)).toBe('Erased Patient 12');
  });

  it('is found by what the screen calls it', () => {
    expect(auditSearchText('Retention')).toBe('retention_purge');
  });
});

describe('the values an administrator reads an entry for', () => {
  const none = { roles: null, email_tried: null, reason: null };

  it('names the roles of a role change and an invitation (a role is no health data)', () => {
    expect(
      auditActionText({ ...none, action: 'role_changed', roles: { from: 'reception', to: 'administrator' } }),
    ).toBe('Role changed from Reception to Administrator');
    expect(
      auditActionText({ ...none, action: 'staff_invited', roles: { from: null, to: 'bookkeeper' } }),
    ).toBe('Invited as Bookkeeper');
    expect(
      auditActionText({ ...none, action: 'role_changed', roles: { from: 'owner', to: 'clinician' } }),
    ).toBe('Role changed from Owner to Clinician');
    const entry = {
      ...none,
      action: 'role_changed',
      entity: 'admin_user',
      entity_id: '7',
      purge: null,
      roles: { from: 'clinician', to: 'administrator' },
    };
    expect(auditEntryLabel(entry)).toBe('Role changed from Clinician to Administrator Admin 7');
  });

  it('names the e-mail a failed sign-in tried, and why an invitation link was refused', () => {
    expect(auditActionText({ ...none, action: 'login_failed', email_tried: 'nobody@example.ie' })).toBe(
      'Sign-in failed for nobody@example.ie',
    );
    // Forgotten by the retention job: the action alone.
    expect(auditActionText({ ...none, action: 'login_failed' })).toBe('Sign-in failed');
    expect(
      ['unknown', 'used', 'replaced', 'expired', 'disabled'].map((reason) =>
        auditActionText({ ...none, action: 'invitation_failed', reason }),
      ),
    ).toEqual([
      'Invitation link refused: not a link the clinic sent',
      'Invitation link refused: used already',
      'Invitation link refused: replaced by a newer link',
      'Invitation link refused: expired',
      'Invitation link refused: the account is disabled',
    ]);
    expect(auditSearchText('Invitation link refused')).toBe('invitation_failed');
  });
});

describe('auditSearchText', () => {
  it('sends what the screen shows as the log’s own words', () => {
    expect(auditSearchText('Erased')).toBe('erase');
    expect(auditSearchText('  signed   in ')).toBe('login');
    expect(auditSearchText('Changed')).toBe('update');
    expect(auditSearchText('Time slots')).toBe('slot');
    expect(auditSearchText('FAQ')).toBe('fa_question');
    expect(auditSearchText('Patient 12')).toBe('12');
    expect(auditSearchText('team member 7')).toBe('7');
    expect(auditSearchText('Referrals')).toBe('referral');
    expect(auditSearchText('Referral 4')).toBe('4');
  });

  it('sends anything else as typed', () => {
    expect(auditSearchText('')).toBe('');
    expect(auditSearchText('admin@clinic.test')).toBe('admin@clinic.test');
    expect(auditSearchText('eras')).toBe('eras');
    expect(auditSearchText('12')).toBe('12');
    expect(auditSearchText('Patient abc')).toBe('Patient abc');
    expect(auditSearchText('Aoife 12')).toBe('Aoife 12');
  });

  it('says where a read or an export came from, and nothing for a change', () => {
    expect(auditContextLabel('patient')).toBe("on the patient's page");
    expect(auditContextLabel('appointments_list')).toBe('in the appointments list');
    expect(auditContextLabel('dashboard')).toBe('on the dashboard');
    expect(auditContextLabel('calendar')).toBe('on the calendar');
    expect(auditContextLabel('csv')).toBe('as a CSV file');
    expect(auditContextLabel('referrals_list')).toBe('in the referrals list');
    expect(auditContextLabel('referral')).toBe("on a referral's page");
    expect(auditContextLabel('weekly_report')).toBe('weekly report');
    expect(auditContextLabel(null)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import {
  auditActionLabel,
  auditActorLabel,
  auditContextLabel,
  auditEntityLabel,
  auditFieldsLabel,
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
        'login',
        'logout',
        'logout_all',
        'login_failed',
      ].map(auditActionLabel),
    ).toEqual([
      'Read',
      'Created',
      'Changed',
      'Deleted',
      'Exported',
      'Erased',
      'Signed in',
      'Signed out',
      'Signed out everywhere',
      'Sign-in failed',
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
    expect(auditRecordLabel({ entity: 'referral', entity_id: '4', action: 'update' })).toBe('Referral 4');
    expect(auditEntityLabel('outbox_email')).toBe('Outbox email');
  });

  it('lists the field names, or a dash for none', () => {
    expect(auditFieldsLabel(['appointments', 'emails', 'files'])).toBe('appointments, emails, files');
    expect(auditFieldsLabel([])).toBe('—');
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
    expect(auditContextLabel('csv')).toBe('as a CSV file');
    expect(auditContextLabel('referrals_list')).toBe('in the referrals list');
    expect(auditContextLabel('referral')).toBe("on a referral's page");
    expect(auditContextLabel('weekly_report')).toBe('weekly report');
    expect(auditContextLabel(null)).toBeUndefined();
  });
});

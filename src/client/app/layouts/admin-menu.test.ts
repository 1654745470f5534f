import { describe, expect, it } from 'vitest';
import { adminMenu, adminMenuFor, adminSectionTitle, menuBadgeSpoken, roleMayOpen } from './admin-menu';

describe('the admin menu', () => {
  it('lists the calendar first, the desk’s day after the appointments, then Referrals with the count awaiting triage, then the patients', () => {
    const labels = adminMenu.map((item) => item.label);
    expect(labels.slice(0, 5)).toEqual([
      'Calendar',
      'Booking Appointments',
      'Today at the desk',
      'Referrals',
      'Patients',
    ]);
    expect(adminSectionTitle('/admin/calendar')).toBe('Calendar');
    expect(adminSectionTitle('/admin/today')).toBe('Today at the desk');
    expect(adminMenu[3]?.badge).toEqual({ count: 'referralsAwaiting', spoken: 'awaiting' });
    expect(adminSectionTitle('/admin/referrals')).toBe('Referrals');
    expect(adminSectionTitle('/admin/referrals/12')).toBe('Referrals');
  });

  it('says a count after the label for screen readers, and nothing for none', () => {
    expect(menuBadgeSpoken(3, 'awaiting')).toBe(', 3 awaiting');
    expect(menuBadgeSpoken(0, 'awaiting')).toBeUndefined();
    expect(menuBadgeSpoken(undefined, 'awaiting')).toBeUndefined();
  });

  it("shows each role only the sections the issue's role table gives it", () => {
    const labels = (role: Parameters<typeof adminMenuFor>[0]) => adminMenuFor(role).map((item) => item.label);
    expect(labels('administrator')).toEqual(adminMenu.map((item) => item.label));
    expect(labels('clinician')).toEqual([
      'Calendar',
      'Booking Appointments',
      'Today at the desk',
      'Referrals',
      'Patients',
      'Wait list',
      'Availability settings',
      'Your account',
    ]);
    expect(labels('reception')).toEqual([
      'Calendar',
      'Booking Appointments',
      'Today at the desk',
      'Patients',
      'Wait list',
      'Blog',
      'Availability settings',
      'Team',
      'FAQ',
      'FEES',
      'E-mails',
      'Your account',
    ]);
    expect(labels('bookkeeper')).toEqual([
      'Calendar',
      'Booking Appointments',
      'Today at the desk',
      'Takings',
      'Your account',
    ]);
    expect(roleMayOpen('bookkeeper', '/admin/calendar')).toBe(true);
    expect(roleMayOpen('bookkeeper', '/admin/waitlist')).toBe(false);
  });

  it("refuses a screen reached directly by its section's permission", () => {
    expect(roleMayOpen('reception', '/admin/activity')).toBe(false);
    expect(roleMayOpen('reception', '/admin/referrals/12')).toBe(false);
    expect(roleMayOpen('reception', '/admin/article/create')).toBe(true);
    expect(roleMayOpen('bookkeeper', '/admin')).toBe(true);
    expect(roleMayOpen('bookkeeper', '/admin/video')).toBe(true);
    expect(roleMayOpen('bookkeeper', '/admin/today')).toBe(true);
    expect(roleMayOpen('bookkeeper', '/admin/appointment/edit')).toBe(true);
    expect(roleMayOpen('bookkeeper', '/admin/appointment/create')).toBe(false);
    expect(roleMayOpen('bookkeeper', '/admin/team/add')).toBe(false);
    expect(roleMayOpen('clinician', '/admin/no-such-screen')).toBe(true);
    expect(roleMayOpen('bookkeeper', '/admin/account')).toBe(true);
    expect(roleMayOpen('bookkeeper', '/admin/takings')).toBe(true);
    expect(roleMayOpen('reception', '/admin/takings')).toBe(false);
  });
});

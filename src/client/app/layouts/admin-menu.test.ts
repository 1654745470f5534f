import { describe, expect, it } from 'vitest';
import { adminMenu, adminSectionTitle, menuBadgeSpoken } from './admin-menu';

describe('the admin menu', () => {
  it('lists Referrals between the appointments and the patients, with the count awaiting triage', () => {
    const labels = adminMenu.map((item) => item.label);
    expect(labels.slice(0, 3)).toEqual(['Booking Appointments', 'Referrals', 'Patients']);
    expect(adminMenu[1]?.badge).toEqual({ count: 'referralsAwaiting', spoken: 'awaiting' });
    expect(adminSectionTitle('/admin/referrals')).toBe('Referrals');
    expect(adminSectionTitle('/admin/referrals/12')).toBe('Referrals');
  });

  it('says a count after the label for screen readers, and nothing for none', () => {
    expect(menuBadgeSpoken(3, 'awaiting')).toBe(', 3 awaiting');
    expect(menuBadgeSpoken(0, 'awaiting')).toBeUndefined();
    expect(menuBadgeSpoken(undefined, 'awaiting')).toBeUndefined();
  });
});

import type { LocationKey } from '../../../shared/clinic';
import { type AdminWaitlistEntry, type AdminWaitlistQuery, kindOfSlot } from '../../../shared/waitlist';
import type { Db } from '../../db/database';
import { type AdminActor, auditRead } from '../audit/audit-log';
import { listEntriesForStaff } from './waitlist-repository';

/** A page of the wait list as staff read it; the read is audited with the entries' ids. */
export async function listWaitlistForStaff(db: Db, actor: AdminActor, query: AdminWaitlistQuery) {
  const { items, pages, count, offers } = await listEntriesForStaff(db, query);
  const entries: AdminWaitlistEntry[] = items.map((entry) => {
    const own = offers.filter((offer) => offer.entryId === entry.id);
    const open = own.find((offer) => offer.status === 'open');
    return {
      id: entry.id,
      name: entry.name,
      email: entry.email,
      phone: entry.phone,
      sms_consent: entry.smsConsent,
      kind: kindOfSlot(entry.isVideoCall),
      is_adult: entry.isAdult,
      locations: (entry.locations ?? []) as LocationKey[],
      from: entry.fromDay,
      to: entry.toDay,
      status: entry.status,
      created_at: entry.createdAt.toISOString(),
      offers_made: own.length,
      open_offer: open
        ? {
            session_id: open.slotId,
            starts_at: open.startsAt?.toISOString() ?? null,
            expires_at: open.expiresAt.toISOString(),
          }
        : null,
    };
  });
  await auditRead(db, actor, 'waitlist_entry', null, { ids: entries.map((entry) => entry.id) });
  return { waitlist_entries: entries, pages, count };
}

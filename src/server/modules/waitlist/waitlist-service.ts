import { todayInDublin } from '../../../shared/booking';
import type { LocationKey } from '../../../shared/clinic';
import {
  addDays,
  isVideoKind,
  kindOfSlot,
  WAITLIST_ENTRIES_PER_ADDRESS_PER_HOUR,
  WAITLIST_ENTRIES_PER_EMAIL,
  WAITLIST_MAX_DAYS_AHEAD,
  type WaitlistJoin,
  type WaitlistOfferView,
  waitlistTexts,
  waitlistTextsForStaff,
} from '../../../shared/waitlist';
import type { Db } from '../../db/database';
import type { Slot } from '../../db/schema';
import { conflict, fieldError, limitReached, notFound, refused } from '../../domain-errors';
import { newSecretToken } from '../../security/secret-tokens';
import { type Actor, auditChange, systemActor } from '../audit/audit-log';
import { queueEmail } from '../email/outbox-repository';
import { recipientKey } from '../email/recipient-key';
import { clinicWallClock } from '../slots/clinic-time';
import { claimFreedSlots, noteSlotsFreed } from '../slots/slot-freed-events';
import { findSlot, holdSlotForOffer, offerHolder, releaseOfferHold } from '../slots/slot-repository';
import { textSendableFrom } from '../texts/quiet-hours';
import { textablePhone } from '../texts/text-phone';
import { leaveLink, waitlistJoinedEmail } from './waitlist-emails';
import { queueOfferMessage } from './waitlist-offer-message';
import {
  claimEndedOffers,
  countActiveEntriesOf,
  countEntriesFromSince,
  deleteEntriesEndedBefore,
  deleteEntriesOfEmail,
  deleteOffer,
  endEntry,
  endOffer,
  entriesOfEmail,
  expireEntries,
  findEntry,
  findOpenOfferByToken,
  findOpenOfferOfEntry,
  firstEntryFor,
  hasActiveEntryOfKind,
  insertEntry,
  insertOffer,
  lockWaitlistSenders,
  type WaitlistEntry,
} from './waitlist-repository';

const ENTRY = 'waitlist_entry';
const OFFER = 'waitlist_offer';
const HOUR_MS = 3_600_000;

export interface WaitlistSettings {
  publicUrl: string;
  offerMinutes: number;
}

/** A mobile number in E.164 (Irish by default; texts reach no landline), or a refusal beside the field. */
function normalisedPhone(phone: string | undefined): string | null {
  if (phone === undefined) return null;
  const mobile = textablePhone(phone);
  if (!mobile)
    throw refused('invalid_input', waitlistTexts.notMobile, fieldError('phone', waitlistTexts.notMobile));
  return mobile;
}

/** The dates judged against the clinic's today (the schema checked their order). */
function checkDays(form: WaitlistJoin, today: string): void {
  if (form.from < today)
    throw refused('invalid_input', waitlistTexts.fromPast, fieldError('from', waitlistTexts.fromPast));
  if (form.to > addDays(today, WAITLIST_MAX_DAYS_AHEAD))
    throw refused('invalid_input', waitlistTexts.toTooFar, fieldError('to', waitlistTexts.toTooFar));
}

/**
 * Adds an entry and queues its confirmation (with the link to leave) in one transaction. At most
 * WAITLIST_ENTRIES_PER_EMAIL active entries per e-mail address and WAITLIST_ENTRIES_PER_ADDRESS_PER_HOUR from one
 * client address (429), counted under locks of both.
 */
export async function joinWaitlist(
  db: Db,
  settings: WaitlistSettings,
  form: WaitlistJoin,
  sender: { client: string; actor: Actor },
  now = new Date(),
): Promise<{ id: number }> {
  checkDays(form, todayInDublin(now));
  const phone = normalisedPhone(form.phone);
  const emailKey = recipientKey(form.email);
  const leave = newSecretToken();
  return db.transaction(async (tx) => {
    await lockWaitlistSenders(tx, emailKey, sender.client);
    if (
      await hasActiveEntryOfKind(tx, emailKey, {
        isAdult: form.is_adult,
        isVideoCall: isVideoKind(form.kind),
      })
    )
      throw conflict('waitlist_already_waiting', waitlistTexts.alreadyWaiting);
    if ((await countActiveEntriesOf(tx, emailKey)) >= WAITLIST_ENTRIES_PER_EMAIL)
      throw limitReached('waitlist_limit', waitlistTexts.tooManyForEmail);
    if (
      (await countEntriesFromSince(tx, sender.client, new Date(now.getTime() - HOUR_MS))) >=
      WAITLIST_ENTRIES_PER_ADDRESS_PER_HOUR
    )
      throw limitReached('waitlist_limit', waitlistTexts.tooManyFromAddress);
    const places = isVideoKind(form.kind) ? [] : (form.locations ?? []);
    const entry = await insertEntry(tx, {
      name: form.name,
      email: form.email,
      emailKey,
      phone,
      smsConsent: phone !== null && form.sms_consent,
      smsConsentAt: phone !== null && form.sms_consent ? now : null,
      isAdult: form.is_adult,
      isVideoCall: isVideoKind(form.kind),
      locations: places.length > 0 ? [...new Set(places)] : null,
      fromDay: form.from,
      toDay: form.to,
      leaveTokenHash: leave.hash,
      sentFrom: sender.client,
    });
    await auditChange(tx, sender.actor, 'create', ENTRY, entry.id, {
      fields: ['name', 'email', 'phone', 'sms_consent', 'kind', 'is_adult', 'locations', 'from', 'to'],
    });
    await queueEmail(tx, {
      to: form.email,
      ...waitlistJoinedEmail(
        { id: entry.id, kind: form.kind, isAdult: form.is_adult, from: form.from, to: form.to },
        leaveLink(settings.publicUrl, entry.id, leave.token),
      ),
    });
    return { id: entry.id };
  });
}

/** Ends an open offer's hold and tells the wait list the time is free again, in the caller's transaction. */
async function passOn(db: Db, offer: { id: number; slotId: number | null }): Promise<void> {
  await releaseOfferHold(db, offer.id);
  if (offer.slotId !== null) await noteSlotsFreed(db, [offer.slotId], 'offer_ended');
}

/** Leaves the list with the confirmation's token: the entry ends, and an open offer goes to the next entry. */
export async function leaveWaitlist(
  db: Db,
  id: number,
  tokenHash: string | undefined,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const entry = await findEntry(tx, id);
    if (!entry || !tokenHash || entry.leaveTokenHash !== tokenHash)
      throw notFound(waitlistTexts.entryNotFound);
    if (!(await endEntry(tx, id, 'left'))) throw conflict('waitlist_entry_ended', waitlistTexts.entryEnded);
    const open = await findOpenOfferOfEntry(tx, id);
    if (open && (await endOffer(tx, open.id, 'withdrawn'))) await passOn(tx, open);
    await auditChange(tx, actor, 'update', ENTRY, id, { fields: ['status'] });
  });
}

/** The open offer of a token, while its time is held for it. */
async function liveOffer(db: Db, tokenHash: string | undefined) {
  const offer = tokenHash ? await findOpenOfferByToken(db, tokenHash) : undefined;
  const slot = offer?.slotId ? await findSlot(db, offer.slotId) : undefined;
  const held =
    offer &&
    slot?.status === 'pending' &&
    slot.holdClient === offerHolder(offer.id) &&
    (slot.holdExpiresAt?.getTime() ?? 0) > Date.now();
  if (!offer || !slot || !held) throw conflict('offer_not_valid', waitlistTexts.offerNotValid);
  return { offer, slot };
}

/** What an offer's link shows: the time held and until when (409 once it is not open). */
export async function readOffer(db: Db, tokenHash: string | undefined): Promise<WaitlistOfferView> {
  const { slot } = await liveOffer(db, tokenHash);
  return {
    session_id: slot.id,
    kind: kindOfSlot(slot.isVideoCall),
    is_adult: slot.isAdult,
    starts_at: slot.startsAt.toISOString(),
    ends_at: slot.endsAt.toISOString(),
    day: clinicWallClock(slot.startsAt).isoDay,
    location: (slot.location as LocationKey | null) ?? null,
    expires_at: (slot.holdExpiresAt ?? new Date()).toISOString(),
  };
}

/**
 * "Not this time": the offer ends and its time goes to the next matching entry; the entry stays on the list. Once
 * the offer's link has taken the time (the hold is under the taker's own token) it is theirs to book or let go:
 * declining then is a 409, so a stale e-mail link cannot free a time being booked.
 */
export async function declineOffer(db: Db, tokenHash: string | undefined, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const { offer, slot } = await liveOffer(tx, tokenHash);
    if (slot.holdTokenHash !== offer.tokenHash)
      throw conflict('offer_not_valid', waitlistTexts.offerNotValid);
    if (!(await endOffer(tx, offer.id, 'declined')))
      throw conflict('offer_not_valid', waitlistTexts.offerNotValid);
    await passOn(tx, offer);
    await auditChange(tx, actor, 'update', OFFER, offer.id, { fields: ['status'] });
  });
}

/**
 * Offers a free slot to an entry, in the caller's transaction: the offer row, the slot held for it (one atomic
 * update: of racing offers of one slot one wins), its message and audit entry. Answers undefined when the slot was
 * no longer free (nothing is left behind).
 */
async function makeOffer(
  db: Db,
  settings: WaitlistSettings,
  entry: WaitlistEntry,
  slot: Slot,
  actor: Actor,
  now = new Date(),
): Promise<{ id: number; expiresAt: Date } | undefined> {
  const token = newSecretToken();
  const minutes = offerMinutesFrom(now, settings.offerMinutes);
  const offer = await insertOffer(db, {
    entryId: entry.id,
    slotId: slot.id,
    tokenHash: token.hash,
    expiresAt: new Date(Date.now() + minutes * 60_000),
    byStaff: actor.kind === 'admin',
  });
  if (!offer) throw new OfferRaceLost();
  const held = await holdSlotForOffer(db, slot.id, {
    id: offer.id,
    tokenHash: token.hash,
    minutes,
  });
  if (!held?.holdExpiresAt) {
    await deleteOffer(db, offer.id);
    return undefined;
  }
  await queueOfferMessage(db, {
    entry,
    slot: {
      startsAt: held.startsAt,
      location: held.location as LocationKey | null,
      isVideoCall: held.isVideoCall,
    },
    offer: { expiresAt: held.holdExpiresAt },
    token: token.token,
    publicUrl: settings.publicUrl,
  });
  await auditChange(db, actor, 'create', OFFER, offer.id, { entry_id: entry.id, slot_id: slot.id });
  return { id: offer.id, expiresAt: held.holdExpiresAt };
}

const isFreeNow = (slot: Slot, now = Date.now()) =>
  slot.startsAt.getTime() > now &&
  (slot.status === 'available' || (slot.status === 'pending' && (slot.holdExpiresAt?.getTime() ?? 0) < now));

/**
 * How long an offer made at `now` holds its time: WAITLIST_OFFER_MINUTES, counted from 08:00 when it is made in the
 * quiet hours (21:00 to 08:00, when no text goes either). Its person is asleep: counted from the night, each offer
 * would lapse to the next sleeping person until the list was used up by morning.
 */
export function offerMinutesFrom(now: Date, offerMinutes: number): number {
  return offerMinutes + Math.ceil((textSendableFrom(now).getTime() - now.getTime()) / 60_000);
}

/**
 * Another runner (or staff) offered this slot, or to this entry, while this transaction ran: it is rolled back, so
 * the freed time's record stays to be looked at again with the other offer in place.
 */
class OfferRaceLost extends Error {}

/** Staff's "Offer this time": a free slot of the entry's kind (and one of its places) to an active entry. */
export async function offerTimeToEntry(
  db: Db,
  settings: WaitlistSettings,
  entryId: number,
  slotId: number,
  actor: Actor,
): Promise<{ message: string; offer: { id: number; expires_at: string } }> {
  return db.transaction(async (tx) => {
    const entry = await findEntry(tx, entryId);
    if (!entry) throw notFound(waitlistTexts.entryNotFound);
    if (entry.status !== 'active') throw conflict('waitlist_entry_ended', waitlistTexts.entryNotActive);
    if (await findOpenOfferOfEntry(tx, entryId))
      throw conflict('waitlist_offer_refused', waitlistTexts.entryHasOffer);
    const slot = await findSlot(tx, slotId);
    if (!slot || !isFreeNow(slot))
      throw conflict(
        'waitlist_offer_refused',
        waitlistTexts.slotNotOfferable,
        fieldError('session_id', waitlistTexts.slotNotOfferable),
      );
    const places = entry.locations ?? [];
    if (
      slot.isAdult !== entry.isAdult ||
      slot.isVideoCall !== entry.isVideoCall ||
      (slot.location !== null && places.length > 0 && !places.includes(slot.location))
    )
      throw conflict(
        'waitlist_offer_refused',
        waitlistTexts.kindMismatch,
        fieldError('session_id', waitlistTexts.kindMismatch),
      );
    const made = await makeOffer(tx, settings, entry, slot, actor).catch((error: unknown) => {
      if (error instanceof OfferRaceLost) return undefined;
      throw error;
    });
    if (!made)
      throw conflict(
        'waitlist_offer_refused',
        waitlistTexts.slotNotOfferable,
        fieldError('session_id', waitlistTexts.slotNotOfferable),
      );
    return {
      message: waitlistTextsForStaff.offered,
      offer: { id: made.id, expires_at: made.expiresAt.toISOString() },
    };
  });
}

/** What one run of the wait list's job did. */
export interface WaitlistRun {
  offered: number;
  ended: number;
  expired: number;
}

const BATCH = 50;

/**
 * One run: entries past their latest day end; open offers whose time is no longer held for them end (booked when
 * the slot was booked, which ends the entry; else lapsed, and the time is freed for the next entry); then each
 * freed time is offered to its first matching entry. Every item is claimed atomically (`skip locked`, unique open
 * offers per entry and per slot), each freed time in its own transaction with its offer, so several runners, or a
 * restart, offer each time once.
 */
export async function runWaitlist(
  db: Db,
  settings: WaitlistSettings,
  now = new Date(),
): Promise<WaitlistRun> {
  const expired = await db.transaction(async (tx) => {
    const ids = await expireEntries(tx, todayInDublin(now));
    for (const id of ids) await auditChange(tx, systemActor, 'update', ENTRY, id, { fields: ['status'] });
    return ids.length;
  });
  const ended = await db.transaction(async (tx) => {
    const offers = await claimEndedOffers(tx, BATCH);
    for (const offer of offers) {
      if (offer.status === 'booked') await endEntry(tx, offer.entryId, 'booked');
      else if (offer.slotId !== null) await noteSlotsFreed(tx, [offer.slotId], 'offer_ended');
      await auditChange(tx, systemActor, 'update', OFFER, offer.id, { fields: ['status'] });
    }
    return offers.length;
  });
  let offered = 0;
  for (let turn = 0; turn < BATCH; turn += 1) {
    const outcome = await db
      .transaction(async (tx) => {
        const [slotId] = await claimFreedSlots(tx, 1);
        if (slotId === undefined) return 'none' as const;
        const slot = await findSlot(tx, slotId);
        if (!slot || !isFreeNow(slot)) return 'skipped' as const;
        const entry = await firstEntryFor(tx, {
          id: slot.id,
          isAdult: slot.isAdult,
          isVideoCall: slot.isVideoCall,
          location: slot.location,
          day: clinicWallClock(slot.startsAt).isoDay,
        });
        if (!entry) return 'skipped' as const;
        return (await makeOffer(tx, settings, entry, slot, systemActor, now))
          ? ('offered' as const)
          : ('skipped' as const);
      })
      .catch((error: unknown) => {
        if (error instanceof OfferRaceLost) return 'raced' as const;
        throw error;
      });
    if (outcome === 'none') break;
    if (outcome === 'offered') offered += 1;
  }
  return { offered, ended, expired };
}

/**
 * A person's erasure (by e-mail address, `recipientKey`), in the caller's transaction: the times held for their
 * open offers are passed on, then their entries and offers deleted. Answers how many entries.
 */
export async function eraseWaitlistEntriesOf(db: Db, emailKey: string): Promise<number> {
  const entries = await entriesOfEmail(db, emailKey);
  for (const entry of entries) {
    const open = await findOpenOfferOfEntry(db, entry.id);
    if (open && (await endOffer(db, open.id, 'withdrawn'))) await passOn(db, open);
  }
  return deleteEntriesOfEmail(db, emailKey);
}

/**
 * The retention job's part: entries ended before `cutoff` are deleted (their offers with them). Active ones stay:
 * they end by their latest date.
 */
export const deleteEndedEntries = (db: Db, cutoff: Date) => deleteEntriesEndedBefore(db, cutoff);

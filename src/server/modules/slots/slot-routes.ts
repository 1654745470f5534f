import type { FastifyInstance } from 'fastify';
import {
  getSlotHold,
  holdSlot,
  listCalendarSlots,
  listFreeSlots,
  releaseSlotHold,
} from '../../../shared/api/slot-endpoint-schemas';
import { HOLD_TOKEN_HEADER, HOLDS_PER_MINUTE, slotTexts } from '../../../shared/slots';
import { OFFER_TOKEN_HEADER } from '../../../shared/waitlist';
import { notFound } from '../../domain-errors';
import { clientAddressKey } from '../../http/client-address';
import { route } from '../../http/endpoint-route';
import { secretTokenHashOf, secretTokenOf } from '../../security/secret-tokens';
import { clinicDayRange } from './clinic-time';
import { findKindPriceLine } from './price-list-repository';
import { daysWithSlots, findHeldSlot, listBookableSlots } from './slot-repository';
import { holdCountOf, holdForVisitor, releaseVisitorHold, takeOffer } from './slot-service';
import { publicSlotAnswer } from './slot-view';

/** Public slot calls of the booking flow (spec section 7): never any patient data. */
export async function slotPublicRoutes(api: FastifyInstance): Promise<void> {
  const db = api.db;

  route(api, listCalendarSlots, async ({ query }) => {
    const [days, line] = await Promise.all([
      daysWithSlots(db, query, true),
      findKindPriceLine(db, { isAdult: query.is_adult, isVideoCall: query.is_video_call }),
    ]);
    return { ...days, price_list: line ?? null };
  });

  route(api, listFreeSlots, async (request) => {
    const { query } = request;
    const holdTokenHash = secretTokenHashOf(request.headers[HOLD_TOKEN_HEADER]);
    const { items, pages, count } = await listBookableSlots(
      db,
      clinicDayRange(query.date),
      { isAdult: query.is_adult, isVideoCall: query.is_video_call },
      holdTokenHash,
      query,
    );
    return { sessions: items.map((slot) => publicSlotAnswer(slot, holdTokenHash)), pages, count };
  });

  // A visitor's token holds one time at a time; one address holds at most MAX_HOLDS_PER_ADDRESS slots at once (the
  // service), room for a crowd behind a shared address, and a script trying slot after slot is slowed down (the
  // rate limit, HOLDS_PER_MINUTE).
  route(
    api,
    holdSlot,
    async (request) => {
      if (request.headers[OFFER_TOKEN_HEADER] !== undefined) {
        const offerToken = secretTokenOf(request.headers[OFFER_TOKEN_HEADER]);
        const taken = await takeOffer(db, request.params.id, offerToken, api.config.holdMinutes);
        api.metrics.holdCreated('visitor');
        return taken;
      }
      const ownToken = secretTokenOf(request.headers[HOLD_TOKEN_HEADER]);
      const hold = await holdForVisitor(
        db,
        request.params.id,
        { ownToken, count: await holdCountOf(db, ownToken, clientAddressKey(request.ip)) },
        api.config.holdMinutes,
      );
      // A visitor renewing their own hold keeps its token: that is not a new hold.
      if (hold.hold_token !== ownToken) api.metrics.holdCreated('visitor');
      return hold;
    },
    { config: { rateLimit: { max: HOLDS_PER_MINUTE, timeWindow: '1 minute' } } },
  );

  route(api, getSlotHold, async (request) => {
    const tokenHash = secretTokenHashOf(request.headers[HOLD_TOKEN_HEADER]);
    const row = tokenHash ? await findHeldSlot(db, request.params.id, tokenHash) : undefined;
    if (!row?.holdExpiresAt) throw notFound(slotTexts.holdNotFound);
    return { session: publicSlotAnswer(row, tokenHash), hold_expires_at: row.holdExpiresAt.toISOString() };
  });

  route(api, releaseSlotHold, async (request) => {
    await releaseVisitorHold(db, request.params.id, secretTokenHashOf(request.headers[HOLD_TOKEN_HEADER]));
    return undefined;
  });
}

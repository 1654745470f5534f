import type { FastifyInstance } from 'fastify';
import {
  declineWaitlistOffer,
  getWaitlistOffer,
  joinWaitlist,
  leaveWaitlist,
} from '../../../shared/api/waitlist-endpoint-schemas';
import { OFFER_TOKEN_HEADER, WAITLIST_TOKEN_HEADER, waitlistTexts } from '../../../shared/waitlist';
import { clientAddressKey } from '../../http/client-address';
import { route } from '../../http/endpoint-route';
import { secretTokenHashOf } from '../../security/secret-tokens';
import { visitorActor } from '../audit/audit-log';
import * as service from './waitlist-service';

/** The public wait list (issue 34): join, leave with the e-mail's token, read or decline an offer. */
export async function waitlistRoutes(api: FastifyInstance): Promise<void> {
  const db = api.db;
  const settings = () => ({ publicUrl: api.config.publicUrl, offerMinutes: api.config.waitlistOfferMinutes });

  route(
    api,
    joinWaitlist,
    async (request) => ({
      waitlist_entry: await service.joinWaitlist(db, settings(), request.body, {
        client: clientAddressKey(request.ip),
        actor: visitorActor(request.ip),
      }),
    }),
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
  );

  route(api, leaveWaitlist, async (request) => {
    await service.leaveWaitlist(
      db,
      request.params.id,
      secretTokenHashOf(request.headers[WAITLIST_TOKEN_HEADER]),
      visitorActor(request.ip),
    );
    return { message: waitlistTexts.left };
  });

  route(api, getWaitlistOffer, async (request) => ({
    offer: await service.readOffer(db, secretTokenHashOf(request.headers[OFFER_TOKEN_HEADER])),
  }));

  route(api, declineWaitlistOffer, async (request) => {
    await service.declineOffer(
      db,
      secretTokenHashOf(request.headers[OFFER_TOKEN_HEADER]),
      visitorActor(request.ip),
    );
    return { message: waitlistTexts.declined };
  });
}

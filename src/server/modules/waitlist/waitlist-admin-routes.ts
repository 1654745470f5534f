import type { FastifyInstance } from 'fastify';
import { listWaitlist, offerTimeToEntry } from '../../../shared/api/waitlist-endpoint-schemas';
import { route } from '../../http/endpoint-route';
import { adminActorOf } from '../auth/admin-guard';
import { listWaitlistForStaff } from './waitlist-admin-service';
import { offerTimeToEntry as offerTime } from './waitlist-service';

/** The wait list for staff: its entries, and "Offer this time" from a free slot. */
export async function waitlistAdminRoutes(admin: FastifyInstance): Promise<void> {
  route(admin, listWaitlist, async (request) =>
    listWaitlistForStaff(admin.db, adminActorOf(request), request.query),
  );
  route(admin, offerTimeToEntry, async (request) =>
    offerTime(
      admin.db,
      { publicUrl: admin.config.publicUrl, offerMinutes: admin.config.waitlistOfferMinutes },
      request.params.id,
      request.body.session_id,
      adminActorOf(request),
    ),
  );
}

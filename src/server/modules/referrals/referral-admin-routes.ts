import type { FastifyInstance } from 'fastify';
import {
  countReferralsAwaiting,
  decideReferral,
  getReferral,
  listReferrals,
} from '../../../shared/api/referral-endpoint-schemas';
import { route } from '../../http/endpoint-route';
import { adminActorOf } from '../auth/admin-guard';
import {
  listReferralsForStaff,
  referralForStaff,
  referralsAwaiting,
  triageReferral,
} from './referral-service';

/** The triage of self-referrals, under the guarded /api/admin scope. */
export async function referralAdminRoutes(admin: FastifyInstance): Promise<void> {
  const { db } = admin;
  const context = { db, settings: admin.config };

  route(admin, listReferrals, async (request) =>
    listReferralsForStaff(db, adminActorOf(request), request.query),
  );

  route(admin, countReferralsAwaiting, async () => referralsAwaiting(db));

  route(admin, getReferral, async (request) => ({
    referral: await referralForStaff(db, adminActorOf(request), request.params.id),
  }));

  route(admin, decideReferral, async (request) => ({
    referral: await triageReferral(context, adminActorOf(request), request.params.id, request.body),
  }));
}

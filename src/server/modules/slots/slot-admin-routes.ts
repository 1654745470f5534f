import type { FastifyInstance } from 'fastify';
import {
  createClosure,
  deleteClosure,
  deleteSlot,
  getAdminSlot,
  listAdminCalendarSlots,
  listAdminSlots,
  listClosures,
  saveSlotChanges,
  setSlotStatus,
} from '../../../shared/api/slot-endpoint-schemas';
import { STAFF_HOLD_MINUTES, slotTexts } from '../../../shared/slots';
import { notFound } from '../../domain-errors';
import { route } from '../../http/endpoint-route';
import { adminActorOf } from '../auth/admin-guard';
import {
  createClosure as addClosure,
  listClosuresForStaff,
  deleteClosure as removeClosure,
} from './closure-service';
import { findKindPriceLine } from './price-list-repository';
import { daysWithSlots, findSlot } from './slot-repository';
import { changeSlotStatus, listDayForStaff, removeSlot, saveSlots } from './slot-service';
import { heldSlotAnswer } from './slot-view';

/** Back-office availability settings (spec sections 2.6 and 7) and the clinic's closures, under /api/admin. */
export async function slotAdminRoutes(admin: FastifyInstance): Promise<void> {
  const db = admin.db;

  route(admin, listAdminCalendarSlots, async ({ query }) => ({
    days: (await daysWithSlots(db, query, false)).days,
  }));

  route(admin, listAdminSlots, async (request) => {
    const { date, is_adult: isAdult, is_video_call: isVideoCall } = request.query;
    const kind = { isAdult, isVideoCall };
    return {
      sessions: await listDayForStaff(db, adminActorOf(request), date, kind),
      price_list: (await findKindPriceLine(db, kind)) ?? null,
    };
  });

  route(admin, getAdminSlot, async ({ params }) => {
    const row = await findSlot(db, params.id);
    if (!row) throw notFound(slotTexts.notFound);
    return { session: heldSlotAnswer(row) };
  });

  route(admin, saveSlotChanges, (request) => saveSlots(db, adminActorOf(request), request.body));

  route(admin, setSlotStatus, async (request) => {
    const slot = await changeSlotStatus(
      db,
      adminActorOf(request),
      request.params.id,
      request.body.session.status,
      STAFF_HOLD_MINUTES,
    );
    if (request.body.session.status === 'pending') admin.metrics.holdCreated('staff');
    return { session: slot };
  });

  route(admin, deleteSlot, async (request) => {
    await removeSlot(db, adminActorOf(request), request.params.id);
    return undefined;
  });

  route(admin, listClosures, (request) => listClosuresForStaff(db, adminActorOf(request), request.query));

  route(admin, createClosure, (request) =>
    addClosure(db, adminActorOf(request), request.body, admin.clock()),
  );

  route(admin, deleteClosure, async (request) => ({
    restored: await removeClosure(db, adminActorOf(request), request.params.id),
  }));
}

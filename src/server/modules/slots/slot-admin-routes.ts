import type { FastifyInstance } from 'fastify';
import {
  deleteSession,
  listAdminCalendarSlots,
  listAdminSessions,
  saveSessions,
  setSessionStatus,
} from '../../../shared/api/slot-endpoints';
import { route } from '../../http/endpoint-route';
import { adminActorOf } from '../auth/admin-guard';
import { clinicDayRange } from './clinic-time';
import { daysWithSlots, listSlots } from './slot-repository';
import { changeSlotStatus, removeSlot, saveSlots } from './slot-service';
import { sessionAnswer } from './slot-view';

/** Back-office availability settings (spec sections 2.6 and 7), under the guarded /api/admin scope. */
export async function slotAdminRoutes(admin: FastifyInstance): Promise<void> {
  const db = admin.db;

  route(admin, listAdminCalendarSlots, async ({ query }) => ({
    days: await daysWithSlots(db, query, false),
  }));

  route(admin, listAdminSessions, async ({ query }) => {
    const kind = { isAdult: query.is_adult, isVideoCall: query.is_video_call };
    const rows = await listSlots(db, clinicDayRange(query.date), [kind]);
    return { sessions: rows.map(sessionAnswer) };
  });

  route(admin, saveSessions, async (request) => ({
    sessions: await saveSlots(db, adminActorOf(request), request.body),
  }));

  route(admin, setSessionStatus, async (request) => ({
    session: await changeSlotStatus(
      db,
      adminActorOf(request),
      request.params.id,
      request.body.session.status,
      admin.config.holdMinutes,
    ),
  }));

  route(admin, deleteSession, async (request) => {
    await removeSlot(db, adminActorOf(request), request.params.id);
    return undefined;
  });
}

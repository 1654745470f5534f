import type { FastifyInstance } from 'fastify';
import {
  deleteSession,
  listAdminCalendarSlots,
  listAdminSessions,
  saveSessions,
  setSessionStatus,
} from '../../../shared/api/slot-endpoints';
import { route } from '../../http/endpoint-route';
import { actorOf } from '../audit/audit-log';
import { clinicDayRange } from './clinic-time';
import { daysWithSlots, listSessionRows, toSession } from './slot-repository';
import { changeSessionStatus, removeSession, saveSessions as save } from './slot-service';

/** Back-office availability settings (spec sections 2.6 and 7), under the guarded /api/admin scope. */
export async function slotAdminRoutes(admin: FastifyInstance): Promise<void> {
  const db = admin.db;

  route(admin, listAdminCalendarSlots, async ({ query }) => ({
    days: await daysWithSlots(db, query, false),
  }));

  route(admin, listAdminSessions, async ({ query }) => {
    const kind = { isAdult: query.is_adult, isVideoCall: query.is_video_call };
    const rows = await listSessionRows(db, clinicDayRange(query.date), [kind]);
    return { sessions: rows.map(toSession) };
  });

  route(admin, saveSessions, async (request) => ({
    sessions: await save(db, actorOf(request), request.body),
  }));

  route(admin, setSessionStatus, async (request) => ({
    session: await changeSessionStatus(
      db,
      actorOf(request),
      request.params.id,
      request.body.session.status,
      admin.config.holdMinutes,
    ),
  }));

  route(admin, deleteSession, async (request) => {
    await removeSession(db, actorOf(request), request.params.id);
    return undefined;
  });
}

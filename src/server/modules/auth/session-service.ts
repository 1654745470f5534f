import type { AccountSession } from '../../../shared/sessions';
import type { Db } from '../../db/database';
import { notFound } from '../../domain-errors';
import { type AdminActor, auditChange } from '../audit/audit-log';
import { listLiveTokensOf, revokeLiveTokenOf } from './admin-repository';
import { liveSince, type SessionTime } from './session-limits';
import { userAgentSummary } from './user-agent-summary';

/** The live sessions of `adminUserId`, the latest used first; `currentId` is the one asking. */
export async function listSessions(
  db: Db,
  adminUserId: number,
  currentId: number,
  time: SessionTime,
): Promise<AccountSession[]> {
  const { startedAfter, usedAfter } = liveSince(time);
  const rows = await listLiveTokensOf(db, adminUserId, startedAfter, usedAfter);
  return rows.map((row) => ({
    id: row.id,
    started_at: row.createdAt.toISOString(),
    last_used_at: (row.lastUsedAt ?? row.createdAt).toISOString(),
    browser: userAgentSummary(row.userAgent),
    address: row.ip,
    current: row.id === currentId,
  }));
}

/**
 * Ends one of the actor's own live sessions, with its audit entry. Another's session, an ended one or no such
 * id is the same 404, so ids of others' sessions cannot be probed.
 */
export async function endSession(db: Db, actor: AdminActor, sessionId: number, time: SessionTime) {
  await db.transaction(async (tx) => {
    const ended = await revokeLiveTokenOf(tx, actor.adminUserId, sessionId, {
      ...liveSince(time),
      now: time.now,
    });
    if (!ended) throw notFound('Session not found');
    await auditChange(tx, actor, 'session_ended', 'admin_user', actor.adminUserId, { session_id: sessionId });
  });
}

import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditLog } from '../../db/schema';

/**
 * Failed sign-ins are counted from the audit log, so the limit holds across app instances and restarts.
 * Per e-mail the window is small enough to stop password guessing and to let the real admin back in soon.
 */
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

export async function isLoginThrottled(db: Db, email: string, ip: string): Promise<boolean> {
  const since = sql`now() - make_interval(mins => ${LOGIN_FAILURE_WINDOW_MINUTES})`;
  const recentFailures = and(eq(auditLog.action, 'login_failed'), gt(auditLog.createdAt, since));
  const [counts] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where ${auditLog.details}->>'email' = ${email})`.mapWith(Number),
      byIp: sql<number>`count(*) filter (where ${auditLog.ip} = ${ip})`.mapWith(Number),
    })
    .from(auditLog)
    .where(recentFailures);
  return (counts?.byEmail ?? 0) >= MAX_FAILURES_PER_EMAIL || (counts?.byIp ?? 0) >= MAX_FAILURES_PER_IP;
}

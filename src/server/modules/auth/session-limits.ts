import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';

/** ADMIN_IDLE_MINUTES and ADMIN_SESSION_HOURS. */
export type SessionLimits = AppConfig['adminSessions'];

/** What time it is and how long sessions last, for starting, checking and listing them. */
export interface SessionTime {
  now: Date;
  limits: SessionLimits;
}

const MINUTE_MS = 60_000;

/** The app's clock and configured limits: what every route that starts or checks a session passes. */
export function sessionTimeOf(app: FastifyInstance): SessionTime {
  return { now: app.clock(), limits: app.config.adminSessions };
}

/** The system clock and the default limits (30 minutes unused, 12 hours in all), for callers without an app. */
export const defaultSessionTime = (): SessionTime => ({
  now: new Date(),
  limits: { idleMinutes: 30, maxHours: 12 },
});

const idleMs = (limits: SessionLimits) => limits.idleMinutes * MINUTE_MS;
const maxAgeMs = (limits: SessionLimits) => limits.maxHours * 60 * MINUTE_MS;

/** The instants a session must have started after, and been used after, to be live at `time.now`. */
export function liveSince(time: SessionTime): { startedAfter: Date; usedAfter: Date } {
  return {
    startedAfter: new Date(time.now.getTime() - maxAgeMs(time.limits)),
    usedAfter: new Date(time.now.getTime() - idleMs(time.limits)),
  };
}

interface TokenTimes {
  createdAt: Date;
  lastUsedAt: Date | null;
}

/**
 * Why a session is over at `time.now`, or undefined while it is live: `idle` (unused too long) or `expired`
 * (started too long ago), whichever came first. Pure arithmetic on the row already read: no query of its own.
 */
export function sessionEnded(token: TokenTimes, time: SessionTime): 'idle' | 'expired' | undefined {
  const idleEnd = (token.lastUsedAt ?? token.createdAt).getTime() + idleMs(time.limits);
  const absoluteEnd = token.createdAt.getTime() + maxAgeMs(time.limits);
  const now = time.now.getTime();
  if (now < idleEnd && now < absoluteEnd) return undefined;
  return idleEnd <= absoluteEnd ? 'idle' : 'expired';
}

/** When a session used at `time.now` ends if it is not used again. */
export function sessionEndAfterUse(token: TokenTimes, time: SessionTime): Date {
  return new Date(
    Math.min(time.now.getTime() + idleMs(time.limits), token.createdAt.getTime() + maxAgeMs(time.limits)),
  );
}

/**
 * Whether a use at `time.now` is written down: at most once a minute per session, not on every request, and
 * at least ten times an idle period, so a session in use is never cut off by more than a tenth of it.
 */
export function isUseWorthWriting(token: TokenTimes, time: SessionTime): boolean {
  const since = time.now.getTime() - (token.lastUsedAt ?? token.createdAt).getTime();
  return since >= Math.min(MINUTE_MS, idleMs(time.limits) / 10);
}

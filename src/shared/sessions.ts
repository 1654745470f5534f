import { z } from 'zod';
import { recordIdParams } from './api/common-schemas';

const counted = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** Why a back-office session ended by itself: the 401's text, which the sign-in page shows. */
export const sessionEndTexts = {
  idle: (minutes: number) => `You were signed out after ${counted(minutes, 'minute')} without activity.`,
  expired: (hours: number) => `Your session ended after ${counted(hours, 'hour')}; please sign in again.`,
};

const accountSessionSchema = z.object({
  id: z.number().int(),
  started_at: z.string(),
  last_used_at: z.string(),
  /** A readable summary of the browser's user agent ('Firefox on Windows'); null when it sent none. */
  browser: z.string().nullable(),
  /** The address it signed in from. */
  address: z.string().nullable(),
  /** The session of this very request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** `GET /api/admin/account/sessions`: one's own live sessions, the latest used first. */
export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });

export const accountSessionParams = recordIdParams('Session');

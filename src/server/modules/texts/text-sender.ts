import type { Db } from '../../db/database';
import type { Job, JobLogger } from '../../jobs/job-runner';
import { isQuietHour } from './quiet-hours';
import {
  claimDueTexts,
  failInterruptedTexts,
  markTextFailed,
  markTextSent,
  TEXT_STALE_MS,
} from './text-outbox-repository';
import { type TextProvider, TextProviderError } from './text-provider';

export interface TextSenderOptions {
  db: Db;
  provider: TextProvider;
  /** Where Twilio posts each text's delivery: `{PUBLIC_URL}/api/webhooks/twilio/status`. */
  statusCallbackUrl: string;
  logger: JobLogger;
  intervalMs?: number;
  batchSize?: number;
  lockMs?: number;
}

export interface TextRunResult {
  sent: number;
  failed: number;
  /** The run fell in the quiet hours: nothing was sent. */
  quiet: boolean;
}

/**
 * One run of the text sender at `now` (tests set it): outside the quiet hours, claims the due texts and hands each
 * to the provider, once. A text whose claim lapsed mid-send is failed, never sent again; a text that waited beyond
 * TEXT_STALE_MS (texts not set up for a while) is failed as too late.
 */
export async function sendDueTexts(options: TextSenderOptions, now: Date): Promise<TextRunResult> {
  const { db, provider, logger, batchSize = 20, lockMs = 2 * 60_000 } = options;
  const result: TextRunResult = { sent: 0, failed: 0, quiet: false };
  await failInterruptedTexts(db, now);
  if (isQuietHour(now)) return { ...result, quiet: true };
  const claimed = await claimDueTexts(db, now, batchSize, lockMs);
  for (const text of claimed) {
    if (now.getTime() - text.createdAt.getTime() > TEXT_STALE_MS) {
      await markTextFailed(db, text, 'Not sent: too late (texts were not being sent then).', now, true);
      result.failed += 1;
      continue;
    }
    try {
      const taken = await provider.send({
        to: text.toPhone,
        body: text.body,
        statusCallbackUrl: options.statusCallbackUrl,
      });
      await markTextSent(db, text, taken.id, taken.status, now);
      result.sent += 1;
    } catch (error) {
      const permanent = error instanceof TextProviderError && error.permanent;
      const message = error instanceof Error ? error.message : String(error);
      // The provider's words may quote the number: the log keeps the id and whether it is tried again.
      logger.warn({ textId: text.id, attempts: text.attempts, permanent }, 'text not sent');
      await markTextFailed(db, text, message, now, permanent);
      result.failed += 1;
    }
  }
  return result;
}

/** The text sender as a job of the server's runner, every 10 seconds. `run` takes the time it works for. */
export function textOutboxJob(
  options: TextSenderOptions & { clock?: () => Date },
): Job<TextRunResult> & { run(now?: Date): Promise<TextRunResult> } {
  return {
    name: 'text-outbox',
    intervalMs: options.intervalMs ?? 10_000,
    run: (now?: Date) => sendDueTexts(options, now ?? options.clock?.() ?? new Date()),
  };
}

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxTexts } from '../../../shared/outbox';
import { auditLog, emailOutbox } from '../../db/schema';
import { type AdminTestApp, createAdminTestApp } from '../../test/test-app';
import { MAX_EMAIL_ATTEMPTS, markFailed, queueEmail } from './outbox-repository';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const list = (query = '', headers: Record<string, string> = t.auth) =>
  t.app.inject({ url: `/api/admin/emails${query}`, headers });
const resend = (id: unknown, headers: Record<string, string> = t.auth) =>
  t.app.inject({ method: 'POST', url: `/api/admin/emails/${id}/resend`, headers });

/** A queued message that failed every try. */
async function failedEmail(to: string): Promise<number> {
  const id = await queueEmail(db(), { to, subject: `Failing to ${to}`, text: 'Body never listed' });
  await markFailed(db(), id, 'connect ECONNREFUSED 127.0.0.1:25', MAX_EMAIL_ATTEMPTS);
  await db().update(emailOutbox).set({ attempts: MAX_EMAIL_ATTEMPTS }).where(eq(emailOutbox.id, id));
  return id;
}

describe('GET /api/admin/emails', () => {
  it('lists the outbox newest first without bodies, with the delivery, tries and last error; audited', async () => {
    const waiting = await queueEmail(db(), { to: 'first@example.ie', subject: 'First', text: 'secret body' });
    const failed = await failedEmail('second@example.ie');
    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.emails.map((email: { id: number }) => email.id).slice(0, 2)).toEqual([failed, waiting]);
    expect(body.emails[0]).toEqual({
      id: failed,
      to: 'second@example.ie',
      subject: 'Failing to second@example.ie',
      status: 'failed',
      attempts: MAX_EMAIL_ATTEMPTS,
      last_error: 'connect ECONNREFUSED 127.0.0.1:25',
      created_at: expect.any(String),
      sent_at: null,
      next_attempt_at: null,
      appointment_id: null,
      referral_id: null,
    });
    expect(body.emails[1]).toMatchObject({
      status: 'pending',
      attempts: 0,
      next_attempt_at: expect.any(String),
    });
    expect(body.failed).toBeGreaterThanOrEqual(1);
    expect(response.body).not.toContain('secret body');
    const [read] = await db().select().from(auditLog).where(eq(auditLog.entity, 'email'));
    expect(read).toMatchObject({ action: 'read', details: expect.objectContaining({ via: 'outbox' }) });
  });

  it('filters by state and searches the recipient and the subject', async () => {
    await failedEmail('filter.me@example.ie');
    const failedOnly = (await list('?status=failed')).json();
    expect(failedOnly.emails.every((email: { status: string }) => email.status === 'failed')).toBe(true);
    const found = (await list('?search=FILTER.ME')).json();
    expect(found.emails.map((email: { to: string }) => email.to)).toEqual(['filter.me@example.ie']);
    expect((await list('?search=100%25_')).json().emails).toEqual([]);
  });

  it('refuses bad queries with a readable 4xx, and everyone without a token with a 401', async () => {
    for (const query of [
      '?status=lost',
      '?page=0',
      '?per_page=1000',
      '?unknown=1',
      `?search=${'x'.repeat(201)}`,
    ]) {
      const response = await list(query);
      expect([400, 422], query).toContain(response.statusCode);
      expect(typeof response.json().error_messages).toBe('string');
    }
    expect((await list('', {})).statusCode).toBe(401);
    expect((await resend(1, {})).statusCode).toBe(401);
  });
});

describe('POST /api/admin/emails/:id/resend', () => {
  it('puts a failed e-mail back in the queue with its tries counted afresh; audited; only once', async () => {
    const id = await failedEmail('again@example.ie');
    const response = await resend(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: outboxTexts.resent,
      email: { id, status: 'pending', attempts: 0 },
    });
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const changes = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(changes.map((entry) => entry.action)).toContain('update');

    const twice = await resend(id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error_messages).toBe(outboxTexts.notResendable);
  });

  it('answers 404 for an unknown e-mail and 4xx for an id that is not one', async () => {
    expect((await resend(2_000_000_000)).statusCode).toBe(404);
    for (const id of ['abc', '-1', '1.5', '99999999999']) {
      const response = await resend(id);
      expect(response.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, id).toBeLessThan(500);
    }
  });
});

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let publicId: string;
let privateId: string;
const pdf = Buffer.from('%PDF-1.4 public file');
const sha = createHash('sha256').update(pdf).digest('hex');

beforeAll(async () => {
  t = await createTestApp();
  const secret = Buffer.from('%PDF-1.4 patient letter');
  const [open, closed] = await t.database.db
    .insert(files)
    .values([
      {
        bytes: pdf,
        sha256: sha,
        mimeType: 'application/pdf',
        sizeBytes: pdf.length,
        originalName: 'Pollen "calendar" – Éire.pdf',
        isPublic: true,
      },
      {
        bytes: secret,
        sha256: createHash('sha256').update(secret).digest('hex'),
        mimeType: 'application/pdf',
        sizeBytes: secret.length,
        originalName: 'referral.pdf',
        isPublic: false,
      },
    ])
    .returning({ id: files.id });
  publicId = open?.id ?? '';
  privateId = closed?.id ?? '';
});
afterAll(() => t.close());

describe('GET /uploads/{id}', () => {
  it('serves a public file with its type and caching headers', async () => {
    const response = await t.app.inject({ url: `/uploads/${publicId}` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(pdf)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.etag).toBe(`"${sha}"`);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['content-disposition']).toBe('inline; filename="Pollen _calendar_ _ Eire.pdf"');
  });

  it('answers 304 when the ETag matches', async () => {
    const response = await t.app.inject({
      url: `/uploads/${publicId}`,
      headers: { 'if-none-match': `"${sha}"` },
    });
    expect(response.statusCode).toBe(304);
    expect(response.body).toBe('');
  });

  it('answers 404 for a private file', async () => {
    const response = await t.app.inject({ url: `/uploads/${privateId}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', error_messages: 'File not found' });
    expect(response.headers['cache-control'] ?? '').not.toContain('public');
  });

  it.each([
    '00000000-0000-4000-8000-000000000000',
    'not-a-uuid',
    '123',
    "1' or '1'='1",
  ])('answers 404 for %s', async (id) => {
    const response = await t.app.inject({ url: `/uploads/${encodeURIComponent(id)}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', error_messages: 'File not found' });
  });
});

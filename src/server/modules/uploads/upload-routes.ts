import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { files } from '../../db/schema';
import { notFound } from '../../http/http-errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** A file name safe inside a quoted header value: printable ASCII without quotes, backslashes or separators. */
export function safeAsciiFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\/;]/g, '_')
    .trim()
    .slice(0, 150);
  return cleaned || 'file';
}

/**
 * `GET /uploads/{id}`: a public file (article icons and PDFs, team photos) straight from the database.
 * Private files (patients' letters and results) answer 404 exactly like a missing one.
 */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>('/uploads/:id', async (request, reply) => {
    const id = request.params.id;
    if (!UUID.test(id)) throw notFound('File');
    const [file] = await app.db
      .select({
        bytes: files.bytes,
        sha256: files.sha256,
        mimeType: files.mimeType,
        originalName: files.originalName,
      })
      .from(files)
      .where(and(eq(files.id, id.toLowerCase()), eq(files.isPublic, true)))
      .limit(1);
    if (!file) throw notFound('File');
    const etag = `"${file.sha256}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('etag', etag)
      // A file runs nothing, and only this site may frame it (the article page's 'Show the PDF' viewer).
      .header('content-security-policy', FILE_CSP)
      .header('x-frame-options', 'SAMEORIGIN');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply
      .type(file.mimeType)
      .header('content-disposition', `inline; filename="${safeAsciiFileName(file.originalName)}"`)
      .send(Buffer.from(file.bytes));
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_VARIANT_WIDTHS } from '../../../shared/uploads';
import { notFound } from '../../domain-errors';
import { safeAsciiFileName } from './file-names';
import { findPublicFile, findPublicImageVariant } from './file-repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

type ServedFile = NonNullable<Awaited<ReturnType<typeof findPublicFile>>>;

function sendFile(request: FastifyRequest, reply: FastifyReply, file: ServedFile | undefined) {
  if (!file) throw notFound('File not found');
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
}

/**
 * `GET /uploads/{id}`: a public file (article covers and PDFs, team photos) straight from the database;
 * `GET /uploads/{id}/w{width}`: one of an image's WebP variants, for `srcset`. Files never change under
 * their id (a replaced upload gets a new one), so they are cached for a year.
 * Private files (patients' letters and results) answer 404 exactly like a missing one.
 */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>('/uploads/:id', async (request, reply) => {
    const { id } = request.params;
    if (!UUID.test(id)) throw notFound('File not found');
    return sendFile(request, reply, await findPublicFile(app.db, id.toLowerCase()));
  });

  app.get<{ Params: { id: string; variant: string } }>('/uploads/:id/:variant', async (request, reply) => {
    const { id, variant } = request.params;
    const width = Number(variant.replace(/^w/, ''));
    if (
      !UUID.test(id) ||
      !variant.startsWith('w') ||
      !IMAGE_VARIANT_WIDTHS.some((allowed) => allowed === width)
    )
      throw notFound('File not found');
    return sendFile(request, reply, await findPublicImageVariant(app.db, id.toLowerCase(), width));
  });
}

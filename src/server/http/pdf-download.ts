import type { FastifyReply } from 'fastify';

/** A downloaded PDF runs nothing, is shown in no frame and is kept by no cache. */
const DOWNLOAD_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** Answers a PDF as a download named `fileName` (letters, digits, '.', '-' and '_' only). */
export function sendPdf(reply: FastifyReply, file: { fileName: string; pdf: Buffer }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', DOWNLOAD_CSP)
    .header('cache-control', 'no-store')
    .send(file.pdf);
}

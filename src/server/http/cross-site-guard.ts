import type { FastifyRequest } from 'fastify';
import { isApiRoute } from './api-route';
import { HttpError } from './http-errors';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = "This can only be sent from the clinic's own website.";

function fromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'cross-site' || site === 'same-site';
  // A browser without Fetch Metadata still names the page's origin on a write: it must be this host.
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true; // 'null' (a sandboxed frame, a data: page) or garbage
  }
}

/**
 * The refusal of an API write that a browser sends for a page of another site, if it is one: a JSON call would
 * need a CORS preflight the API never grants, but a multipart form (the self-referral) posts without one, so a
 * hostile page could file referrals in its visitors' names and have the clinic e-mail any address. Calls without
 * a browser's headers (Stripe's webhooks, scripts) are not concerned. Asked as each request arrives
 * (request-start.ts).
 */
export function crossSiteRefusal(request: FastifyRequest): HttpError | undefined {
  if (READS.has(request.method) || !isApiRoute(request) || !fromAnotherSite(request)) return undefined;
  return new HttpError(403, 'cross_site', CROSS_SITE_MESSAGE);
}

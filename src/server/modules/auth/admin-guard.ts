import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerCredential } from '../../http/bearer-credential';
import { unauthorized } from '../../http/http-errors';
import type { AdminActor } from '../audit/audit-log';
import { authenticate } from './auth-service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks the one admin route reachable without a token (sign-in). */
    public?: boolean;
  }
  interface FastifyRequest {
    adminUser?: { id: number; email: string; name: string | null };
    authToken?: string;
  }
}

export interface AdminRouteInfo {
  method: string;
  url: string;
  public: boolean;
}

/** The sign-in token an `Authorization: Bearer …` header carries, when it has a token's shape. */
function bearerToken(request: FastifyRequest): string | undefined {
  const credential = bearerCredential(request.headers.authorization);
  return credential && /^[A-Za-z0-9_-]{20,200}$/.test(credential) ? credential : undefined;
}

/**
 * The one place admin routes are protected: every route registered in `scope` (the `/api/admin`
 * prefix) needs a valid bearer token, unless it is explicitly marked `config.public`.
 */
export function registerAdminGuard(scope: FastifyInstance, registeredRoutes: AdminRouteInfo[] = []): void {
  scope.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD')
        registeredRoutes.push({ method, url: route.url, public: Boolean(route.config?.public) });
    }
  });
  scope.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const token = bearerToken(request);
    const admin = token ? await authenticate(scope.db, token) : undefined;
    if (!admin || !token) throw unauthorized();
    request.adminUser = { id: admin.id, email: admin.email, name: admin.name };
    request.authToken = token;
  });
}

/** The signed-in admin of a guarded route. */
export function currentAdmin(request: FastifyRequest): { id: number; email: string; name: string | null } {
  if (!request.adminUser) throw unauthorized();
  return request.adminUser;
}

/** The signed-in admin of a guarded route, as the actor of what it asks for (the audit log's "who"). */
export function adminActorOf(request: FastifyRequest): AdminActor {
  return { kind: 'admin', adminUserId: currentAdmin(request).id, ip: request.ip };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { secondFactorTexts } from '../../../shared/second-factor';
import { sessionEndTexts } from '../../../shared/sessions';
import type { StaffPermission, StaffRole } from '../../../shared/staff-roles';
import { roleCan } from '../../../shared/staff-roles';
import { bearerCredential } from '../../http/bearer-credential';
import { HttpError, roleForbidden, unauthorized } from '../../http/http-errors';
import type { AdminActor } from '../audit/audit-log';
import { type Authentication, authenticate } from './auth-service';
import { missesRequiredSecondFactor } from './second-factor-service';
import { type SessionLimits, sessionTimeOf } from './session-limits';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks the one admin route reachable without a token (sign-in). */
    public?: boolean;
    /** What the signed-in staff member's role must allow (the endpoint's definition); 403 otherwise. */
    permission?: StaffPermission;
    /** Open to a staff member the clinic requires a second factor of who has none yet: me, sign-out, set-up. */
    secondFactorSetup?: boolean;
  }
  interface FastifyRequest {
    adminUser?: SignedInStaff;
    authToken?: string;
    /** The id of the session (token row) of this request. */
    authSessionId?: number;
  }
}

export interface SignedInStaff {
  id: number;
  email: string;
  name: string | null;
  role: StaffRole;
}

export interface AdminRouteInfo {
  method: string;
  url: string;
  public: boolean;
  permission?: StaffPermission;
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
        registeredRoutes.push({
          method,
          url: route.url,
          public: Boolean(route.config?.public),
          permission: route.config?.permission,
        });
    }
  });
  scope.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const token = bearerToken(request);
    const time = sessionTimeOf(scope);
    const found = token ? await authenticate(scope.db, token, time) : undefined;
    if (!found || !token || found.kind !== 'ok') throw notSignedIn(found, time.limits);
    const admin = found.admin;
    request.adminUser = { id: admin.id, email: admin.email, name: admin.name, role: admin.role };
    request.authToken = token;
    request.authSessionId = found.sessionId;
    // Read from the account on every call: a role changed while a token is in use applies to its next call.
    const permission = request.routeOptions.config.permission;
    if (permission && !roleCan(admin.role, permission)) throw roleForbidden();
    if (!request.routeOptions.config.secondFactorSetup && (await missesRequiredSecondFactor(scope.db, admin)))
      throw new HttpError(403, 'second_factor_required', secondFactorTexts.required);
  });
}

/** The 401 of a request without a live session: saying why when its session ran out by itself. */
function notSignedIn(found: Authentication | undefined, limits: SessionLimits): HttpError {
  if (found?.kind === 'idle')
    return new HttpError(401, 'session_idle', sessionEndTexts.idle(limits.idleMinutes));
  if (found?.kind === 'expired')
    return new HttpError(401, 'session_expired', sessionEndTexts.expired(limits.maxHours));
  return unauthorized();
}

/** The signed-in admin of a guarded route. */
export function currentAdmin(request: FastifyRequest): SignedInStaff {
  if (!request.adminUser) throw unauthorized();
  return request.adminUser;
}

/** The signed-in admin of a guarded route, as the actor of what it asks for (the audit log's "who"). */
export function adminActorOf(request: FastifyRequest): AdminActor {
  return { kind: 'admin', adminUserId: currentAdmin(request).id, ip: request.ip };
}

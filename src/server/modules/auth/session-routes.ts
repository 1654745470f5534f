import type { FastifyInstance } from 'fastify';
import { endAccountSession, listAccountSessions } from '../../../shared/api/session-endpoint-schemas';
import { route } from '../../http/endpoint-route';
import { unauthorized } from '../../http/http-errors';
import { adminActorOf, currentAdmin } from './admin-guard';
import { sessionTimeOf } from './session-limits';
import { endSession, listSessions } from './session-service';

/** One's own back-office sessions (the account page): list them, end any of them. */
export async function sessionRoutes(admin: FastifyInstance): Promise<void> {
  // One's own sessions stay open while the clinic waits for this staff member to set up a second factor: the
  // account page shows them beside the set-up, and a stolen session can still be ended.
  const setUp = { config: { secondFactorSetup: true } };

  route(
    admin,
    listAccountSessions,
    async (request) => {
      if (request.authSessionId === undefined) throw unauthorized();
      const sessions = await listSessions(
        admin.db,
        currentAdmin(request).id,
        request.authSessionId,
        sessionTimeOf(admin),
      );
      return { sessions };
    },
    setUp,
  );

  route(
    admin,
    endAccountSession,
    async (request) => {
      await endSession(admin.db, adminActorOf(request), request.params.id, sessionTimeOf(admin));
      return undefined;
    },
    setUp,
  );
}

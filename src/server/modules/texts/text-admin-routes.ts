import type { FastifyInstance } from 'fastify';
import { dealWithTextReply } from '../../../shared/api/text-endpoint-schemas';
import { textReplyTexts } from '../../../shared/text-replies';
import { route } from '../../http/endpoint-route';
import { adminActorOf } from '../auth/admin-guard';
import { dealWithReply } from './text-replies';

/** Staff's side of the replies to texts (issue 34), under the guarded /api/admin scope. */
export async function textAdminRoutes(admin: FastifyInstance): Promise<void> {
  route(admin, dealWithTextReply, async (request) => {
    const done = await dealWithReply(admin.db, adminActorOf(request), request.params.id);
    return {
      message: textReplyTexts.dealtWith,
      text_reply: { id: done.id, dealt_with_at: done.dealtWithAt.toISOString() },
    };
  });
}

import { accountSessionParams, accountSessionsResponseSchema } from '../sessions';
import { withSchemas } from './endpoint-schemas';
import * as api from './session-endpoints';

export const listAccountSessions = withSchemas(api.listAccountSessions, {
  summary:
    "The signed-in staff member's own live sessions: started, last used, browser, address, and which is this one",
  response: accountSessionsResponseSchema,
});

export const endAccountSession = withSchemas(api.endAccountSession, {
  summary:
    "Ends one of one's own sessions (another's id or an ended one is a 404); ending this one signs out. Audited",
  params: accountSessionParams,
});

import { loginResponseSchema } from '../auth';
import {
  acceptInvitationRequestSchema,
  inviteStaffRequestSchema,
  staffIdParams,
  staffListResponseSchema,
  staffMemberResponseSchema,
  staffQuerySchema,
  updateStaffRequestSchema,
} from '../staff';
import { withSchemas } from './endpoint-schemas';
import * as api from './staff-admin-endpoints';

export const listStaff = withSchemas(api.listStaff, {
  summary: 'Staff accounts, by name: role, second factor, last sign-in, disabled, invitation',
  query: staffQuerySchema,
  response: staffListResponseSchema,
});

export const inviteStaff = withSchemas(api.inviteStaff, {
  summary: 'Makes an account with a role and e-mails the person an invitation link (72 hours, once)',
  body: inviteStaffRequestSchema,
  response: staffMemberResponseSchema,
});

export const updateStaff = withSchemas(api.updateStaff, {
  summary:
    'Changes a role, or disables (ending every session) or enables an account; never the last administrator',
  params: staffIdParams,
  body: updateStaffRequestSchema,
  response: staffMemberResponseSchema,
});

export const resendInvitation = withSchemas(api.resendInvitation, {
  summary:
    'Sends a new invitation link to someone who has not accepted yet; the old link stops working (409 for a disabled account)',
  params: staffIdParams,
  response: staffMemberResponseSchema,
});

export const acceptInvitation = withSchemas(api.acceptInvitation, {
  summary: 'Sets the password of an invited staff member from the link token and signs them in',
  body: acceptInvitationRequestSchema,
  bodyLimit: 4 * 1024,
  response: loginResponseSchema,
});

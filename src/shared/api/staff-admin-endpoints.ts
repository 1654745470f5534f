import type { loginResponseSchema } from '../auth';
import type {
  acceptInvitationRequestSchema,
  inviteStaffRequestSchema,
  staffIdParams,
  staffListResponseSchema,
  staffMemberResponseSchema,
  staffQuerySchema,
  updateStaffRequestSchema,
} from '../staff';
import { defineEndpoint } from './endpoint';

export const listStaff = defineEndpoint<{
  query: typeof staffQuerySchema;
  response: typeof staffListResponseSchema;
}>()({ method: 'GET', path: '/api/admin/staff', access: 'admin', permission: 'staff' });

export const inviteStaff = defineEndpoint<{
  body: typeof inviteStaffRequestSchema;
  response: typeof staffMemberResponseSchema;
}>()({ method: 'POST', path: '/api/admin/staff', access: 'admin', permission: 'staff', status: 201 });

export const updateStaff = defineEndpoint<{
  params: typeof staffIdParams;
  body: typeof updateStaffRequestSchema;
  response: typeof staffMemberResponseSchema;
}>()({ method: 'PUT', path: '/api/admin/staff/:id', access: 'admin', permission: 'staff' });

/** Sends a person who has not accepted yet a new link; the old one stops working. */
export const resendInvitation = defineEndpoint<{
  params: typeof staffIdParams;
  response: typeof staffMemberResponseSchema;
}>()({ method: 'POST', path: '/api/admin/staff/:id/invitation', access: 'admin', permission: 'staff' });

/** The invitee sets a password from the link's token and is signed in: the login answer. */
export const acceptInvitation = defineEndpoint<{
  body: typeof acceptInvitationRequestSchema;
  response: typeof loginResponseSchema;
}>()({ method: 'POST', path: '/api/admin/autorization/invitation', access: 'public' });

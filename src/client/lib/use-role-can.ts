import { getMe } from '../../shared/api/auth-endpoints';
import { roleCan, type StaffPermission } from '../../shared/staff-roles';
import { useEndpointQuery } from './endpoint-query';

/**
 * Whether the signed-in role may do `permission`; false until the role is known, so that no control shows
 * only to be taken away. The server checks the same table: this only spares staff a refusal.
 */
export function useRoleCan(permission: StaffPermission): boolean {
  const role = useEndpointQuery(getMe).data?.admin_user.role;
  return role !== undefined && roleCan(role, permission);
}

import type { FastifyRequest } from 'fastify';
import { roleCan } from '../../../shared/staff-roles';
import { currentAdmin } from './admin-guard';

/**
 * Whether the signed-in staff member's role may read patients' contact details (their e-mail and phone): the roles
 * with the patients list (`patients`), not the bookkeeper, who reads appointments for their money.
 */
export const seesContactDetails = (request: FastifyRequest) =>
  roleCan(currentAdmin(request).role, 'patients');

/**
 * `record` without `fields`, for a role that may not read them: left out, never nulled, so "none given" and "not
 * yours to see" differ.
 */
export function leaveOut<R extends object>(record: R, fields: readonly string[]): R {
  const kept = { ...record };
  for (const field of fields) delete (kept as Record<string, unknown>)[field];
  return kept;
}

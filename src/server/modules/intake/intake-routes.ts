import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getIntake, saveIntake } from '../../../shared/api/intake-endpoint-schemas';
import { BOOKING_TOKEN_HEADER } from '../../../shared/booking';
import { DATE_OF_BIRTH_HEADER } from '../../../shared/intake';
import { MANAGE_TOKEN_HEADER } from '../../../shared/manage-booking';
import type { Db } from '../../db/database';
import { route } from '../../http/endpoint-route';
import { secretTokenHashOf } from '../../security/secret-tokens';
import { visitorActor } from '../audit/audit-log';
import { type IntakeAccess, readIntake, saveIntake as saveIntakeForm } from './intake-service';

/**
 * Reads and saves one address may make in a minute: the page saves a draft a second or two after typing stops, so a
 * patient typing steadily saves well under this; a loop guessing tokens is slowed down (and dates of birth are
 * limited as sign-in is, by the service).
 */
const INTAKE_CALLS_PER_MINUTE = 60;

function accessOf(request: FastifyRequest<{ Params: { reference: string } }>): IntakeAccess {
  const dob = request.headers[DATE_OF_BIRTH_HEADER];
  return {
    reference: request.params.reference,
    manageTokenHash: secretTokenHashOf(request.headers[MANAGE_TOKEN_HEADER]),
    bookingTokenHash: secretTokenHashOf(request.headers[BOOKING_TOKEN_HEADER]),
    dateOfBirth: typeof dob === 'string' ? dob.trim() : undefined,
    client: request.ip,
  };
}

/** The patient's intake and consent form of a booking (public: the booking's link and the date of birth). */
export function intakeRoutes(db: Db) {
  return async (api: FastifyInstance): Promise<void> => {
    const limit = { config: { rateLimit: { max: INTAKE_CALLS_PER_MINUTE, timeWindow: '1 minute' } } };
    route(api, getIntake, async (request) => ({ intake: await readIntake(db, accessOf(request)) }), limit);
    route(
      api,
      saveIntake,
      async (request) => ({
        intake: await saveIntakeForm(db, accessOf(request), request.body, visitorActor(request.ip)),
      }),
      limit,
    );
  };
}

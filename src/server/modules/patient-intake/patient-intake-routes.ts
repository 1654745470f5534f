import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createBookingOrReferral } from '../../../shared/api/booking-endpoint-schemas';
import { HOLD_TOKEN_HEADER, MAX_HOLDS_PER_ADDRESS } from '../../../shared/slots';
import { clientAddressKey } from '../../http/client-address';
import { route } from '../../http/endpoint-route';
import { type FormLimits, registerMultipart } from '../../http/multipart-form';
import { secretTokenHashOf } from '../../security/secret-tokens';
import { bookHeldSlot, checkBeforeBookingForm } from '../appointments/appointment-visitor-service';
import { visitorActor } from '../audit/audit-log';
import { checkBeforeReferralForm, submitReferral } from '../referrals/referral-service';
import { RefusedSenders } from '../uploads/refused-senders';
import type { VisitorUploadCounting } from '../uploads/visitor-upload-allowance';

/** Three files (result, referral letter, attachment) of 10 MB at most, and the patient entity's short fields. */
const BOOKING_FORM_LIMITS: FormLimits = { files: 3, fields: 45, fieldSize: 4 * 1024 };

/**
 * Bookings and self-referrals one address may send in a minute: two for each of the MAX_HOLDS_PER_ADDRESS people a
 * shared address may have booking at once (a form sent again to correct it), and a script is slowed down (decision
 * 0020). Each booking needs a time its address holds, and self-referrals have their own limits per hour.
 */
const BOOKINGS_PER_MINUTE = 2 * MAX_HOLDS_PER_ADDRESS;

const holdTokenOf = (request: FastifyRequest) => secretTokenHashOf(request.headers[HOLD_TOKEN_HEADER]);

/**
 * The spec's `POST /api/patients`, the two ways to ask for an appointment on one path: a paid booking of a held
 * slot (the appointments module), or a self-referral (`is_referral` true), which needs no slot (the referrals
 * module). A module of its own above both, so neither knows of the other.
 */
export async function patientIntakeRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.appointments;
  const uploads: VisitorUploadCounting = { observer: api.metrics, refusedSenders: new RefusedSenders() };
  await registerMultipart(api);

  route(
    api,
    createBookingOrReferral,
    async (request) => {
      const client = clientAddressKey(request.ip);
      const actor = visitorActor(request.ip);
      const { body } = request;
      if (body.is_referral) {
        return {
          patient: await submitReferral({ db, settings: api.config, uploads }, body, {
            client,
            actor,
          }),
        };
      }
      return {
        // The appointment service's context for this request: its log lines carry the request's id.
        patient: await bookHeldSlot(
          { ...api.appointments, log: request.log },
          body,
          { holdTokenHash: holdTokenOf(request), client, actor },
          uploads,
        ),
      };
    },
    {
      formLimits: BOOKING_FORM_LIMITS,
      // A form and its files are read only from a visitor who may still send them: with a hold token, one that
      // holds a time now (a booking); without, one whose address may still send referrals (a self-referral; a
      // booking without a token is refused once read).
      beforeForm: (request) => {
        const client = clientAddressKey(request.ip);
        const formBytes = Number(request.headers['content-length']) || 0;
        const holdTokenHash = holdTokenOf(request);
        return holdTokenHash
          ? checkBeforeBookingForm(db, { holdTokenHash, client }, formBytes, uploads)
          : checkBeforeReferralForm(db, client, formBytes, uploads);
      },
      config: { rateLimit: { max: BOOKINGS_PER_MINUTE, timeWindow: '1 minute' } },
    },
  );
}

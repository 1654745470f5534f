import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createAdminBooking,
  createDeskPayment,
  createRefund,
  deleteAppointment,
  downloadReceipt,
  editAppointment,
  exportAppointments,
  getAppointment,
  listAppointments,
  setAttendance,
  setFlagDealtWith,
  setVideoLink,
} from '../../../shared/api/appointment-endpoint-schemas';
import {
  appointmentCsvColumns,
  appointmentCsvContactColumns,
  appointmentTexts,
  type StaffAppointmentDetail,
} from '../../../shared/appointments';
import { attendanceMessages } from '../../../shared/attendance';
import { paymentTexts } from '../../../shared/payments';
import { roleCan } from '../../../shared/staff-roles';
import { flagDealtWithTexts, videoLinkTexts } from '../../../shared/way-out';
import { sendCsv, withoutColumns } from '../../http/csv-export';
import { route } from '../../http/endpoint-route';
import type { FormLimits } from '../../http/multipart-form';
import { sendPdf } from '../../http/pdf-download';
import { adminActorOf, currentAdmin } from '../auth/admin-guard';
import { leaveOut, seesContactDetails } from '../auth/contact-details';
import { keepStoredHealthDetails, patientForRole, seesHealthDetails } from '../auth/health-details';
import { refundsOfAppointment } from '../payments/refund-repository';
import {
  appointmentForStaff,
  changedAppointmentDetail,
  exportAppointmentsForStaff,
  listAppointmentsForStaff,
} from './appointment-admin-service';
import { findAppointmentRecord } from './appointment-repository';
import { bookForPatient, updateAppointment } from './appointment-staff-service';
import { appointmentRefundAnswer, staffAppointmentAnswer } from './appointment-view';
import { recordDeskPayment } from './desk-payments';
import { cancelAppointment } from './moves/cancel-appointment';
import { dealWithFlag } from './moves/deal-with-flag';
import { markAttendance } from './moves/mark-attendance';
import { refundAppointment } from './moves/refund-appointment';
import { receiptForStaff } from './receipt-service';
import { setAppointmentJoinLink } from './video-links';

/**
 * The admin patient form: three files (result, referral letter, attachment) of 10 MB at most, the patient
 * entity's short fields, the removal ticks and `session[id]`.
 */
const STAFF_FORM_LIMITS: FormLimits = { files: 3, fields: 50, fieldSize: 4 * 1024 };

/**
 * The appointment's detail as the request's role may see it: its patient without health details, for some, and
 * without contact details, with its e-mails without the address they went to, for the bookkeeper.
 */
function forRole(request: FastifyRequest, detail: StaffAppointmentDetail): StaffAppointmentDetail {
  const withPatient = detail.patient
    ? { ...detail, patient: patientForRole(request, detail.patient) }
    : detail;
  // The patient's own words with a flag, the intake form's answers and the medicines they take are health details.
  const withFlag =
    withPatient.flag && !seesHealthDetails(request)
      ? { ...withPatient, flag: leaveOut(withPatient.flag, ['message']) }
      : withPatient;
  const withIntake =
    withFlag.intake && !seesHealthDetails(request)
      ? { ...withFlag, intake: leaveOut(withFlag.intake, ['answers']) }
      : withFlag;
  const withMedicines = seesHealthDetails(request) ? withIntake : leaveOut(withIntake, ['antihistamines']);
  // The join link opens the consultation: for the roles that run appointments, not those that only read them.
  const shown = runsAppointments(request)
    ? withMedicines
    : leaveOut(withMedicines, ['video_link', 'standing_video_link']);
  // A reply's words may be about their health.
  const texts = seesHealthDetails(request)
    ? shown.texts
    : { ...shown.texts, replies: shown.texts.replies.map((reply) => ({ ...reply, body: '' })) };
  return seesContactDetails(request)
    ? { ...shown, texts }
    : {
        ...shown,
        emails: shown.emails.map((email) => leaveOut(email, ['to'])),
        texts: { ...texts, messages: texts.messages.map((text) => leaveOut(text, ['to'])) },
      };
}

/** Whether the signed-in staff member's role runs appointments (changes them), not only reads them. */
const runsAppointments = (request: FastifyRequest) =>
  roleCan(currentAdmin(request).role, 'appointments_write');

/**
 * The list's filter as the role may search: a role without contact details searches by name only, so a search by
 * e-mail or phone cannot tell it whether a patient has them.
 */
const searchedAsRoleMay = <Q extends object>(request: FastifyRequest, query: Q) => ({
  ...query,
  search_names_only: !seesContactDetails(request),
});

/** Back-office calls: booking appointments and refunds (spec section 7), under the guarded /api/admin scope. */
export async function appointmentAdminRoutes(admin: FastifyInstance): Promise<void> {
  const { db } = admin.appointments;

  route(admin, listAppointments, async (request) =>
    listAppointmentsForStaff(db, adminActorOf(request), searchedAsRoleMay(request, request.query)),
  );

  route(admin, exportAppointments, async (request, reply) => {
    const filter = searchedAsRoleMay(request, request.query);
    const rows = await exportAppointmentsForStaff(db, adminActorOf(request), filter);
    if (seesContactDetails(request)) return sendCsv(reply, 'Appointments.csv', appointmentCsvColumns, rows);
    const shown = withoutColumns(appointmentCsvColumns, rows, appointmentCsvContactColumns);
    return sendCsv(reply, 'Appointments.csv', shown.header, shown.rows);
  });

  route(admin, getAppointment, async (request) => {
    const { transaction } = await appointmentForStaff(
      db,
      adminActorOf(request),
      request.params.id,
      Boolean(admin.textProvider),
    );
    return { transaction: forRole(request, transaction) };
  });

  route(admin, downloadReceipt, async (request, reply) =>
    sendPdf(reply, await receiptForStaff(db, adminActorOf(request), request.params.id)),
  );

  route(
    admin,
    createAdminBooking,
    async (request) => {
      const id = await bookForPatient(
        db,
        adminActorOf(request),
        request.body,
        admin.appointments.settings.publicUrl,
        seesHealthDetails(request),
      );
      return {
        message: appointmentTexts.created,
        transaction: forRole(request, await changedAppointmentDetail(db, id, Boolean(admin.textProvider))),
      };
    },
    { formLimits: STAFF_FORM_LIMITS },
  );

  route(
    admin,
    editAppointment,
    async (request) => {
      const { id } = request.params;
      await updateAppointment(
        db,
        adminActorOf(request),
        id,
        request.body,
        admin.appointments.settings.publicUrl,
      );
      return {
        message: appointmentTexts.updated,
        transaction: forRole(request, await changedAppointmentDetail(db, id, Boolean(admin.textProvider))),
      };
    },
    {
      formLimits: STAFF_FORM_LIMITS,
      beforeValidation: async (request) => {
        if (seesHealthDetails(request)) return;
        // The params are not validated yet: an id that is not one is left to their 404.
        const id = Number((request.params as { id: string }).id);
        if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return;
        const stored = await findAppointmentRecord(db, id);
        // Without a stored patient the edit is refused as it would be for anyone (not found, erased).
        if (stored?.patient) keepStoredHealthDetails(request.body as Record<string, unknown>, stored.patient);
      },
    },
  );

  route(admin, deleteAppointment, async (request) => {
    await cancelAppointment(db, request.params.id, {
      actor: adminActorOf(request),
      seenStatus: request.query.status,
    });
    return undefined;
  });

  route(admin, setAttendance, async (request) => {
    const { id } = request.params;
    const { status } = request.body;
    await markAttendance(db, adminActorOf(request), id, status, request.server.clock());
    return {
      message: attendanceMessages[status],
      transaction: forRole(request, await changedAppointmentDetail(db, id, Boolean(admin.textProvider))),
    };
  });

  route(admin, setVideoLink, async (request) => {
    const { id } = request.params;
    const { video_link: link } = request.body;
    await setAppointmentJoinLink(db, adminActorOf(request), id, link);
    return {
      message: link ? videoLinkTexts.saved : videoLinkTexts.removed,
      transaction: forRole(request, await changedAppointmentDetail(db, id, Boolean(admin.textProvider))),
    };
  });

  route(admin, setFlagDealtWith, async (request) => {
    const { id } = request.params;
    await dealWithFlag(db, adminActorOf(request), id, new Date(request.body.flagged_at));
    return {
      message: flagDealtWithTexts.done,
      transaction: forRole(request, await changedAppointmentDetail(db, id)),
    };
  });

  route(admin, createRefund, async (request) => {
    const { transaction_id: id, payment_id: paymentId, amount, reason } = request.body;
    const made = await refundAppointment({ ...admin.appointments, log: request.log }, id, {
      actor: adminActorOf(request),
      by: 'clinic',
      paymentId,
      amountCents: amount,
      reason,
    });
    const record = await findAppointmentRecord(db, id);
    const ids = new Set(made.map((refund) => refund.id));
    const refunds = (await refundsOfAppointment(db, id))
      .filter((row) => ids.has(row.refund.id))
      .map(appointmentRefundAnswer);
    return {
      message: paymentTexts.refunded,
      transaction: staffAppointmentAnswer(record!),
      refund: refunds[0]!,
      refunds,
    };
  });

  route(admin, createDeskPayment, async (request) => {
    const { id } = request.params;
    await recordDeskPayment(db, adminActorOf(request), id, request.body);
    return {
      message: paymentTexts.deskPaymentRecorded,
      transaction: forRole(request, await changedAppointmentDetail(db, id, Boolean(admin.textProvider))),
    };
  });
}

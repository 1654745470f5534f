import { clinic } from '../../../shared/clinic';
import { formatEuro } from '../../../shared/euro';
import type { ManagedAppointment, manageBookingTexts } from '../../../shared/manage-booking';

/*
 * The contract's texts a patient's booking page needs, written here as literals that the compiler checks against
 * `src/shared/manage-booking.ts` (an `import type` only): that module defines the endpoints' Zod schemas too, and
 * importing any of its values would put Zod into this public page's download. (The token's header is the
 * endpoints' own: `src/shared/api/manage-booking-endpoints.ts`.)
 */

type Texts = typeof manageBookingTexts;

export const notFoundText: Texts['notFound'] =
  'This booking link does not work: it may be mistyped, or the appointment is over.';

const noticeBefore =
  'Appointments can be cancelled or moved online up to 48 hours before they start. Please call us on ';
const noticeBetween = ' or e-mail ';
const noticeAfter = ' and we will help.';
/** The contract's `noticePassed` in plain words, held to them by the compiler. */
export const noticePassedText: Texts['noticePassed'] = `${noticeBefore}${clinic.phone}${noticeBetween}${clinic.email}${noticeAfter}`;

/** The same notice with the clinic's phone and e-mail as links. */
export function NoticePassed() {
  return (
    <>
      {noticeBefore}
      <a href={clinic.phoneHref} className="manage-booking__phone">
        {clinic.phone}
      </a>
      {noticeBetween}
      <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
      {noticeAfter}
    </>
  );
}

/** The payment of an appointment, as its patient reads it. */
export function paymentWords(
  appointment: Pick<ManagedAppointment, 'payment_status' | 'status' | 'price' | 'paid_at_clinic'>,
): string {
  switch (appointment.payment_status) {
    case 'paid':
      return 'Paid online';
    case 'paid_at_clinic': {
      const paid = formatEuro(appointment.paid_at_clinic);
      if (appointment.status === 'cancelled') {
        return `${paid} paid at the clinic: the clinic will contact you to give it back`;
      }
      const rest = Math.round((appointment.price - appointment.paid_at_clinic) * 100) / 100;
      return rest > 0 && appointment.status === 'upcoming'
        ? `${paid} paid at the clinic, ${formatEuro(rest)} to pay there`
        : `Paid at the clinic (${paid})`;
    }
    case 'refunding':
      return 'Being refunded to your card';
    case 'refunded':
      return 'Refunded in full';
    default:
      return appointment.status === 'upcoming' ? 'Not paid online: you pay the clinic' : 'Not paid online';
  }
}

/** The appointment's state, as its patient reads it. */
export const statusWords: Record<ManagedAppointment['status'], string> = {
  upcoming: 'Booked',
  cancelled: 'Cancelled',
  over: 'Over',
};

import { clinic, formatAddress } from '../../../../shared/clinic';
import { CANCELLATION_NOTICE_HOURS } from '../../../../shared/manage-booking';
import type { EmailAttachment } from '../../../db/schema';
import type { BookingDetails } from './booking-details';

/** The standard PDF fonts know WinAnsi only: anything else (a name in another script) becomes '?'. */
const winAnsi = (text: string) =>
  text
    .replace(/[‘’]/g, "'")
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff€]/g, '?');

/** A one-page PDF receipt: clinic, patient, service, date, amount and payment reference. */
export async function receiptPdf(details: BookingDetails): Promise<EmailAttachment> {
  // Imported on the first receipt: pdf-lib costs a start about 120 ms.
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Receipt ${details.paymentReference}`);
  pdf.setAuthor(clinic.name);
  pdf.setCreationDate(details.paidAt);
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  const line = (text: string, options: { bold?: boolean; size?: number; gap?: number } = {}) => {
    page.drawText(winAnsi(text), { x: 56, y, size: options.size ?? 11, font: options.bold ? bold : font });
    y -= options.gap ?? 18;
  };
  line(clinic.name, { bold: true, size: 18, gap: 22 });
  line(formatAddress(clinic.locations.adult_1));
  line(`${clinic.phone} · ${clinic.email}`.replace('·', '-'), { gap: 36 });
  line('Receipt', { bold: true, size: 16, gap: 28 });
  const rows: [string, string][] = [
    ['Patient', details.patientName],
    ...(details.guardianName ? ([['Parent or guardian', details.guardianName]] as [string, string][]) : []),
    ['Service', details.service],
    ['Appointment', `${details.date}, ${details.time} (Dublin time)`],
    ['Where', details.where],
    ['Amount paid', details.amount],
    ['Paid on', `${details.paidAtText} (Dublin time)`],
    ['Payment reference', details.paymentReference],
  ];
  for (const [label, value] of rows) {
    page.drawText(winAnsi(label), { x: 56, y, size: 11, font: bold });
    page.drawText(winAnsi(value).slice(0, 90), { x: 200, y, size: 11, font });
    y -= 20;
  }
  y -= 16;
  line('Thank you. Keep this receipt for your health insurer; cover depends on your policy.');
  if (details.manageUrl) {
    y -= 10;
    line(
      `See, cancel or move your appointment (up to ${CANCELLATION_NOTICE_HOURS} hours before it starts) at:`,
    );
    line(details.manageUrl, { size: 9 });
  }
  const bytes = await pdf.save();
  return {
    filename: `receipt-${details.paymentReference}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_'),
    contentType: 'application/pdf',
    content: Buffer.from(bytes).toString('base64'),
  };
}

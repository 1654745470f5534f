import { clinic } from '../../../../shared/clinic';
import { CANCELLATION_NOTICE_HOURS } from '../../../../shared/manage-booking';
import type { EmailAttachment } from '../../../db/schema';
import type { BookingDetails } from './booking-details';

/** The standard PDF fonts know WinAnsi only: anything else (a name in another script) becomes '?'. */
const winAnsi = (text: string) =>
  text
    .replace(/[‘’]/g, "'")
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff€]/g, '?');

/**
 * A one-page PDF receipt: clinic, patient, service, date, place, amount and payment reference, each long value
 * wrapped within the page. The appointment's own place is under Where; the header names the clinic and its contacts.
 */
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
  const PAGE_RIGHT = 595 - 56;
  let y = 780;
  /** `text` in lines no wider than `width` at `size`: broken between words, or inside a word too long for a line. */
  const wrap = (text: string, width: number, size: number, face = font): string[] => {
    const lines: string[] = [];
    let current = '';
    for (const word of winAnsi(text).split(' ')) {
      const candidate = current ? `${current} ${word}` : word;
      if (face.widthOfTextAtSize(candidate, size) <= width) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      current = '';
      let rest = word;
      while (face.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && face.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      current = rest;
    }
    if (current) lines.push(current);
    return lines;
  };
  const line = (text: string, options: { bold?: boolean; size?: number; gap?: number } = {}) => {
    const size = options.size ?? 11;
    const face = options.bold ? bold : font;
    const lines = wrap(text, PAGE_RIGHT - 56, size, face);
    lines.forEach((part, index) => {
      page.drawText(part, { x: 56, y, size, font: face });
      y -= index === lines.length - 1 ? (options.gap ?? 18) : size + 4;
    });
  };
  line(clinic.name, { bold: true, size: 18, gap: 22 });
  line(`${clinic.phone} - ${clinic.email}`, { gap: 36 });
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
    const lines = wrap(value, PAGE_RIGHT - 200, 11);
    for (const part of lines) {
      page.drawText(part, { x: 200, y, size: 11, font });
      y -= 15;
    }
    y -= 5;
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

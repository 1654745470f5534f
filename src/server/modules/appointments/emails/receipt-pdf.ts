import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { clinic, formatAddress } from '../../../../shared/clinic';
import { formatEuro } from '../../../../shared/euro';
import { CANCELLATION_NOTICE_HOURS } from '../../../../shared/manage-booking';
import type { PaymentMethod } from '../../../../shared/payment-states';
import { receiptTexts } from '../../../../shared/receipts';
import type { EmailAttachment } from '../../../db/schema';
import { projectRoot } from '../../../project-root';
import type { ReceiptConsultant } from '../receipt-repository';

/**
 * DejaVu Sans, regular and bold, cut down to Latin, Greek and Cyrillic (fonts/dejavu-fonts-license.txt says how): the
 * standard PDF fonts know WinAnsi only, which printed 'Łukasz Wiśniewski' as '?ukasz Wi?niewski'. Read once.
 */
const FONT_FOLDER = join(projectRoot, 'src', 'server', 'modules', 'appointments', 'emails', 'fonts');
let fontFiles: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
const loadFonts = () => {
  fontFiles ??= Promise.all([
    readFile(join(FONT_FOLDER, 'dejavu-sans.ttf')),
    readFile(join(FONT_FOLDER, 'dejavu-sans-bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fontFiles;
};

/** `text` as `font` can print it: composed (NFC), and a character it has no glyph for as '?'. */
function printable(text: string, font: PDFFont): string {
  let known = characterSets.get(font);
  if (!known) {
    known = new Set(font.getCharacterSet());
    characterSets.set(font, known);
  }
  const set = known;
  return Array.from(text.normalize('NFC'), (character) =>
    set.has(character.codePointAt(0) ?? 0) ? character : '?',
  ).join('');
}
const characterSets = new WeakMap<PDFFont, Set<number>>();

const euro = (cents: number) => formatEuro(cents / 100);

/** What a receipt says: everything an insurer asks of an outpatient receipt, and the payment's reference. */
export interface ReceiptDetails {
  /** `2026-000123` */
  number: string;
  patientName: string;
  /** The parent or guardian who paid for a child. */
  guardianName?: string;
  /** DD/MM/YYYY, clinic time. */
  date: string;
  /** HH:mm–HH:mm, clinic time. */
  time: string;
  service: string;
  /** The full address of the visit, or the video note. */
  where: string;
  consultant?: ReceiptConsultant;
  /** The appointment's price, as booked. */
  feeCents: number;
  /** Every payment of it, given back since or not. */
  paidCents: number;
  refundedCents: number;
  /** What is left to pay of the fee (a part paid at the desk); 0: none, and the line is left out. */
  balanceDueCents: number;
  /** When money last came in (the PDF's date). */
  paidAt: Date;
  /** Each payment, oldest first: one, or each part paid at the desk. */
  payments: readonly ReceiptPayment[];
  /** The patient's link to see, cancel or move the appointment, when the receipt goes with the confirmation. */
  manageUrl?: string;
}

/** A payment as a receipt lists it. */
export interface ReceiptPayment {
  /** How: by card online, in cash or by card terminal at the desk. */
  method: PaymentMethod;
  /** DD/MM/YYYY, clinic time. */
  paidOn: string;
  amountCents: number;
  /** The card provider's payment id; none at the desk. */
  reference?: string;
  /** Given back of it since (all of it, or a part). */
  refundedCents: number;
}

/** A paid visit on a statement. */
export interface StatementLine {
  number: string;
  /** DD/MM/YYYY */
  date: string;
  service: string;
  paidCents: number;
  refundedCents: number;
}

export interface StatementDetails {
  year: number;
  patientName: string;
  guardianName?: string;
  lines: readonly StatementLine[];
  /** DD/MM/YYYY, clinic time. */
  issuedOn: string;
}

/** The clinic's name and address, as the top of every receipt and statement gives them. */
const clinicAddress = formatAddress(clinic.locationList[0]!);

/** A consultant as a receipt names them: with their Medical Council number when known. */
const consultantText = (consultant: ReceiptConsultant) =>
  consultant.medicalCouncilNumber
    ? `${consultant.name}, Medical Council registration no. ${consultant.medicalCouncilNumber}`
    : consultant.name;

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const PAGE_RIGHT = PAGE_WIDTH - MARGIN;
/** Where a row's value starts, right of its label. */
const VALUE_X = 200;

/** A PDF of A4 pages written top to bottom, each long value wrapped within the page. */
async function newDocument(title: string, createdAt: Date) {
  // Imported on the first receipt: pdf-lib costs a start about 120 ms.
  const [{ PDFDocument }, { default: fontkit }, files] = await Promise.all([
    import('pdf-lib'),
    import('@pdf-lib/fontkit'),
    loadFonts(),
  ]);
  const pdf = await PDFDocument.create();
  // Parsed again for each PDF: fontkit's parsed font keeps state from the subsets cut from it, and a second receipt
  // made from one parse printed the first one's glyphs for some letters ('O’Sullivan' came out '6’Sullivan').
  pdf.registerFontkit(fontkit);
  pdf.setTitle(title);
  pdf.setAuthor(clinic.name);
  pdf.setCreationDate(createdAt);
  // Each PDF carries only the glyphs it uses.
  const font = await pdf.embedFont(files.regular, { subset: true });
  const bold = await pdf.embedFont(files.bold, { subset: true });
  let page: PDFPage = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = 780;

  /** `text` in lines no wider than `width` at `size`: broken between words, or inside a word too long for a line. */
  const wrap = (text: string, width: number, size: number, face: PDFFont = font): string[] => {
    const lines: string[] = [];
    let current = '';
    for (const word of printable(text, face).split(' ')) {
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
  /** A new page when fewer than `height` points are left. */
  const room = (height: number) => {
    if (y - height >= MARGIN) return;
    page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    y = 780;
  };
  const line = (text: string, options: { bold?: boolean; size?: number; gap?: number } = {}) => {
    const size = options.size ?? 11;
    const face = options.bold ? bold : font;
    const lines = wrap(text, PAGE_RIGHT - MARGIN, size, face);
    lines.forEach((part, index) => {
      room(size);
      page.drawText(part, { x: MARGIN, y, size, font: face });
      y -= index === lines.length - 1 ? (options.gap ?? 18) : size + 4;
    });
  };
  /** A label and its value beside it, each wrapped in its column ('Paid by card at the clinic on' is two lines). */
  const row = (label: string, value: string) => {
    const labels = wrap(label, VALUE_X - MARGIN - 8, 11, bold);
    const lines = wrap(value, PAGE_RIGHT - VALUE_X, 11);
    const height = Math.max(labels.length, lines.length);
    room(15 * height);
    // The whole label first, then the value, so a copied or read-aloud receipt says them in that order.
    for (const [index, part] of labels.entries()) {
      page.drawText(part, { x: MARGIN, y: y - 15 * index, size: 11, font: bold });
    }
    for (const [index, part] of lines.entries()) {
      page.drawText(part, { x: VALUE_X, y: y - 15 * index, size: 11, font });
    }
    y -= 15 * height + 5;
  };
  /** Cells at the given x positions, one line each (a right-aligned cell ends at its x). */
  const cells = (values: readonly (readonly [string, number, 'left' | 'right'])[], face: PDFFont = font) => {
    room(15);
    for (const [value, x, align] of values) {
      const text = printable(value, face);
      const at = align === 'right' ? x - face.widthOfTextAtSize(text, 10) : x;
      page.drawText(text, { x: at, y, size: 10, font: face });
    }
    y -= 15;
  };
  const header = () => {
    line(clinic.name, { bold: true, size: 18, gap: 20 });
    line(clinicAddress, { gap: 15 });
    line(`${clinic.phone} - ${clinic.email}`, { gap: 30 });
  };
  const gap = (points: number) => {
    y -= points;
  };
  const save = async () => Buffer.from(await pdf.save());
  return { line, row, cells, header, gap, save, bold };
}

const PAID_WITH: Record<PaymentMethod, string> = {
  card: 'Paid by card on',
  cash: 'Paid in cash on',
  card_terminal: 'Paid by card at the clinic on',
};

/**
 * The receipt of a paid appointment, one page, as Irish insurers ask: its number, the clinic's name and address,
 * the patient (a child's, with the guardian who paid), the visit's date and time, the service, the fee (the
 * appointment's price), paid, refunded and any balance due, when and how it was paid, and the consultant with their
 * Medical Council registration number. Each payment has its line ('Paid in cash on 12/03/2027: €100'), so a visit
 * paid at the desk in parts shows each part.
 */
export async function receiptPdf(details: ReceiptDetails): Promise<Buffer> {
  const doc = await newDocument(`Receipt ${details.number}`, details.paidAt);
  doc.header();
  doc.line(`Receipt ${details.number}`, { bold: true, size: 16, gap: 28 });
  doc.row('Receipt number', details.number);
  doc.row('Patient', details.patientName);
  if (details.guardianName) doc.row('Paid by', `${details.guardianName} (parent or guardian)`);
  doc.row('Date of visit', details.date);
  doc.row('Time', `${details.time} (Dublin time)`);
  doc.row('Service', details.service);
  if (details.consultant) doc.row('Consultant', consultantText(details.consultant));
  doc.row('Where', details.where);
  doc.row('Fee', euro(details.feeCents));
  doc.row('Amount paid', euro(details.paidCents));
  doc.row('Amount refunded', euro(details.refundedCents));
  if (details.balanceDueCents > 0) doc.row('Balance due', euro(details.balanceDueCents));
  // One payment: when, its amount being the amount paid; several (parts paid at the desk): each with its amount.
  const several = details.payments.length > 1;
  for (const payment of details.payments) {
    const given =
      payment.refundedCents >= payment.amountCents
        ? ' (refunded)'
        : payment.refundedCents > 0
          ? ` (${euro(payment.refundedCents)} refunded)`
          : '';
    doc.row(
      PAID_WITH[payment.method],
      several ? `${payment.paidOn}: ${euro(payment.amountCents)}${given}` : payment.paidOn,
    );
  }
  for (const payment of details.payments) {
    if (payment.reference) doc.row('Payment reference', payment.reference);
  }
  doc.gap(16);
  doc.line('Thank you. Keep this receipt for your health insurer; cover depends on your policy.');
  if (details.manageUrl) {
    doc.gap(10);
    doc.line(
      `See, cancel or move your appointment (up to ${CANCELLATION_NOTICE_HOURS} hours before it starts) at:`,
    );
    doc.line(details.manageUrl, { size: 9 });
  }
  return doc.save();
}

/** `receipt-2026-000123.pdf` */
export const receiptFileName = (number: string) => `receipt-${number}.pdf`;

/** The receipt as an e-mail's attachment. */
export async function receiptAttachment(details: ReceiptDetails): Promise<EmailAttachment> {
  return {
    filename: receiptFileName(details.number),
    contentType: 'application/pdf',
    content: (await receiptPdf(details)).toString('base64'),
  };
}

/** One patient's paid visits of a year, one line each with its receipt number, and the year's totals. */
export async function statementPdf(details: StatementDetails): Promise<Buffer> {
  const doc = await newDocument(`Statement ${details.year}`, new Date());
  doc.header();
  doc.line(`Statement of paid visits ${details.year}`, { bold: true, size: 16, gap: 28 });
  doc.row('Patient', details.patientName);
  if (details.guardianName) doc.row('Paid by', `${details.guardianName} (parent or guardian)`);
  doc.row('Issued on', details.issuedOn);
  doc.gap(12);
  if (details.lines.length === 0) {
    doc.line(receiptTexts.statementNone);
    return doc.save();
  }
  const columns = { number: MARGIN, date: 140, service: 210, paid: 470, refunded: PAGE_RIGHT } as const;
  doc.cells(
    [
      ['Receipt', columns.number, 'left'],
      ['Date', columns.date, 'left'],
      ['Service', columns.service, 'left'],
      ['Paid', columns.paid, 'right'],
      ['Refunded', columns.refunded, 'right'],
    ],
    doc.bold,
  );
  for (const each of details.lines) {
    doc.cells([
      [each.number, columns.number, 'left'],
      [each.date, columns.date, 'left'],
      [each.service, columns.service, 'left'],
      [euro(each.paidCents), columns.paid, 'right'],
      [euro(each.refundedCents), columns.refunded, 'right'],
    ]);
  }
  const paid = details.lines.reduce((sum, each) => sum + each.paidCents, 0);
  const refunded = details.lines.reduce((sum, each) => sum + each.refundedCents, 0);
  doc.gap(6);
  doc.cells(
    [
      ['Total', columns.number, 'left'],
      [euro(paid), columns.paid, 'right'],
      [euro(refunded), columns.refunded, 'right'],
    ],
    doc.bold,
  );
  doc.gap(10);
  doc.row('Paid less refunded', euro(paid - refunded));
  return doc.save();
}

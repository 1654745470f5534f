import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { BookingDetails } from './booking-details';
import { receiptPdf } from './receipt-pdf';

/** The text drawn on the PDF's pages, as pdf-lib writes it for the standard fonts: hex strings in flate streams. */
function drawnText(base64: string): string {
  const pdf = Buffer.from(base64, 'base64');
  const texts: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream\n', at);
    if (start < 0) break;
    const end = pdf.indexOf('\nendstream', start);
    try {
      const content = inflateSync(pdf.subarray(start + 'stream\n'.length, end)).toString('latin1');
      for (const [, hex] of content.matchAll(/<([0-9A-F]+)> Tj/g))
        texts.push(Buffer.from(hex!, 'hex').toString('latin1'));
    } catch {
      // not a flate stream (a font, an image)
    }
    at = end;
  }
  return texts.join('\n');
}

const details: BookingDetails = {
  patientName: 'Aoife Byrne',
  email: 'aoife@example.ie',
  service: 'Allergy test (skin prick test), adult',
  date: '12/03/2027',
  time: '10:00–10:30',
  startsAt: new Date('2027-03-12T10:00:00Z'),
  endsAt: new Date('2027-03-12T10:30:00Z'),
  isVideoCall: false,
  where: 'Suite 12, Sandyford',
  patientId: 1,
  appointmentId: 2,
  amount: '€180',
  amountCents: 18_000,
  paymentReference: 'pi_test_1',
  paidAt: new Date('2027-03-01T09:00:00Z'),
  paidAtText: '01/03/2027 09:00',
};

describe('the receipt PDF', () => {
  it('carries the patient’s booking link when they have one', async () => {
    const url = `https://clinic.example/booking/ABCD01#${'t'.repeat(43)}`;
    const text = drawnText((await receiptPdf({ ...details, manageUrl: url })).content);
    expect(text).toContain('Amount paid');
    expect(text.replace(/\n/g, '')).toContain(url);
    expect(drawnText((await receiptPdf(details)).content)).not.toContain('/booking/');
  });

  it('wraps a long place within the page instead of cutting it off', async () => {
    const where =
      'Suite 12, Sandyford Business Centre, Blackthorn Road, Sandyford Industrial Estate, Dublin 18, D18 K7W2, Ireland';
    const lines = drawnText((await receiptPdf({ ...details, where })).content).split('\n');
    const start = lines.findIndex((each) => each.startsWith('Suite 12'));
    expect(lines.slice(start, start + 3).join(' ')).toContain('Dublin 18, D18 K7W2, Ireland');
    // About 60 characters of Helvetica at 11 pt fill the 339 pt beside the labels.
    for (const each of lines) expect(each.length, each).toBeLessThanOrEqual(95);
  });
});

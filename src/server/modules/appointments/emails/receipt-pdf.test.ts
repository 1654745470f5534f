import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { type ReceiptDetails, receiptPdf, statementPdf } from './receipt-pdf';

/** The PDF's text, page by page, as an insurer's clerk would read it. */
async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

const details: ReceiptDetails = {
  number: '2027-000012',
  patientName: 'Aoife Byrne',
  service: 'Allergy test (skin prick test), adult',
  date: '12/03/2027',
  time: '10:00–10:30',
  where: 'Suite 12, Sandyford',
  feeCents: 18_000,
  paidCents: 18_000,
  refundedCents: 0,
  balanceDueCents: 0,
  paidAt: new Date('2027-03-01T09:00:00Z'),
  payments: [
    { method: 'card', paidOn: '01/03/2027', amountCents: 18_000, reference: 'pi_test_1', refundedCents: 0 },
  ],
};

/** A payment taken at the desk, as a receipt lists it. */
const atDesk = (method: 'cash' | 'card_terminal', paidOn: string, amountCents: number) => ({
  method,
  paidOn,
  amountCents,
  refundedCents: 0,
});

describe('the receipt PDF', () => {
  it('carries the patient’s booking link when they have one', async () => {
    const url = `https://clinic.example/booking/ABCD01#${'t'.repeat(43)}`;
    const text = await pdfText(await receiptPdf({ ...details, manageUrl: url }));
    expect(text).toContain('Amount paid');
    expect(text.replace(/\s/g, '')).toContain(url);
    expect(await pdfText(await receiptPdf(details))).not.toContain('/booking/');
  });

  it('wraps a long place within the page instead of cutting it off', async () => {
    const where =
      'Suite 12, Sandyford Business Centre, Blackthorn Road, Sandyford Industrial Estate, Dublin 18, D18 K7W2, Ireland';
    const text = await pdfText(await receiptPdf({ ...details, where }));
    expect(text.replace(/\s+/g, ' ')).toContain('Dublin 18, D18 K7W2, Ireland');
  });

  it('names the consultant with their Medical Council number, and a child’s guardian as who paid', async () => {
    const text = await pdfText(
      await receiptPdf({
        ...details,
        patientName: 'Saoirse Byrne',
        guardianName: 'Aoife Byrne',
        consultant: { name: 'Dr Niamh Kelly', medicalCouncilNumber: '412345' },
      }),
    );
    expect(text).toContain('Saoirse Byrne');
    expect(text).toMatch(/Paid by\s+Aoife Byrne \(parent or guardian\)/);
    expect(text).toContain('Dr Niamh Kelly, Medical Council registration no. 412345');
  });

  it('says the fee, what was paid and refunded, and a balance due only when one is', async () => {
    const paid = await pdfText(await receiptPdf(details));
    expect(paid).toMatch(/Fee\s+€180\s+Amount paid\s+€180\s+Amount refunded\s+€0/);
    expect(paid).not.toContain('Balance due');
    const part = await pdfText(
      await receiptPdf({
        ...details,
        paidCents: 10_000,
        balanceDueCents: 8000,
        payments: [atDesk('cash', '01/03/2027', 10_000)],
      }),
    );
    expect(part).toMatch(/Fee\s+€180\s+Amount paid\s+€100\s+Amount refunded\s+€0\s+Balance due\s+€80/);
    expect(part).toMatch(/Paid in cash on\s+01\/03\/2027/);
    expect(part).not.toContain('Payment reference');
  });

  it('lists each part paid at the desk with its amount, under the total paid', async () => {
    const text = await pdfText(
      await receiptPdf({
        ...details,
        paidCents: 20_000,
        refundedCents: 3500,
        payments: [
          atDesk('cash', '01/03/2027', 10_000),
          { ...atDesk('card_terminal', '12/03/2027', 8000), refundedCents: 1500 },
          { ...atDesk('cash', '12/03/2027', 2000), refundedCents: 2000 },
        ],
      }),
    );
    expect(text).toMatch(/Amount paid\s+€200\s+Amount refunded\s+€35/);
    expect(text).not.toContain('Balance due');
    expect(text).toMatch(/Paid in cash on\s+01\/03\/2027: €100/);
    expect(text).toMatch(/Paid by card at the\s+clinic on\s+12\/03\/2027: €80 \(€15 refunded\)/);
    expect(text).toMatch(/Paid in cash on\s+12\/03\/2027: €20 \(refunded\)/);
    expect(text).not.toContain('Payment reference');
  });

  it('prints names in any Latin, Greek or Cyrillic letters as written, and keeps each PDF small', async () => {
    const names = [
      'Łukasz Wiśniewski',
      'Zoë Ní Bhriain',
      'Σοφία Παπαδοπούλου',
      'Анна Иванова',
      'Đặng Thị Ngọc',
    ];
    for (const patientName of names) {
      const bytes = await receiptPdf({ ...details, patientName, guardianName: patientName });
      const text = await pdfText(bytes);
      expect(text).toMatch(new RegExp(`Patient\\s+${patientName}`));
      expect(text).toContain(`${patientName} (parent or guardian)`);
      // Only the glyphs a receipt uses are embedded, not the fonts' 180 KB.
      expect(bytes.length).toBeLessThan(60_000);
    }
    // Accents typed apart (e + combining diaeresis) are printed composed.
    expect(await pdfText(await receiptPdf({ ...details, patientName: 'Zoe\u0308 Byrne' }))).toContain(
      'Zoë Byrne',
    );
    // What the fonts cannot draw becomes '?', never a missing or wrong glyph.
    expect(await pdfText(await receiptPdf({ ...details, patientName: '李雷 Byrne' }))).toContain('?? Byrne');
    const statement = await pdfText(
      await statementPdf({ year: 2027, patientName: 'Łukasz Wiśniewski', lines: [], issuedOn: '02/01/2028' }),
    );
    expect(statement).toMatch(/Patient\s+Łukasz Wiśniewski/);
  });

  it('wraps a label too long for its column rather than printing the value over it', async () => {
    const text = await pdfText(
      await receiptPdf({ ...details, payments: [atDesk('card_terminal', '01/03/2027', 18_000)] }),
    );
    // Overprinted, the label and the date ran together: 'clinic on01/03/2027'.
    expect(text).toMatch(/Paid by card at the\s+clinic on\s+01\/03\/2027/);
  });

  it('lists a statement’s visits over more than one page, with the totals', async () => {
    const lines = Array.from({ length: 60 }, (_, index) => ({
      number: `2027-${String(index + 1).padStart(6, '0')}`,
      date: '12/03/2027',
      service: 'Video consultation, adult',
      paidCents: 10_000,
      refundedCents: index === 0 ? 10_000 : 0,
    }));
    const text = await pdfText(
      await statementPdf({ year: 2027, patientName: 'Aoife Byrne', lines, issuedOn: '02/01/2028' }),
    );
    expect(text).toContain('2027-000060');
    expect(text).toMatch(/Total\s+€6,000\s+€100/);
  });
});

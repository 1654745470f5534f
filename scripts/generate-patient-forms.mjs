#!/usr/bin/env node
/**
 * Writes the two printable patient information forms (A4 PDF, also fillable on screen) that the
 * /forms page links to:
 *   src/client/public/forms/adult-patient-information.pdf
 *   src/client/public/forms/child-patient-information.pdf
 *
 * Run:  npx tsx scripts/generate-patient-forms.mjs
 * (tsx, so the header's clinic details come from the shared configuration module src/shared/clinic.ts;
 * check the header after a change to that module's shape, see clinicHeader below.)
 * The output is deterministic: the same input gives byte-identical files. The generated PDFs are
 * committed; if their sizes change, update the sizes shown on the forms page.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'src/client/public/forms');

// ---------------------------------------------------------------------------------------------
// Clinic details for the header
// ---------------------------------------------------------------------------------------------

/** Used only while src/shared/clinic.ts does not exist yet (the pages use the same placeholders). */
const FALLBACK_CLINIC = {
  name: 'Dublin Allergy Clinic',
  phone: '+353 1 293 0000',
  email: 'info@dublinallergyclinic.ie',
  addresses: ['Beacon Consultants Clinic, Beacon Court, Sandyford, Dublin 18'],
};

async function loadClinicHeader() {
  try {
    const { clinic } = await import('../src/shared/clinic.ts');
    return clinicHeader(clinic);
  } catch (error) {
    if (error?.code === 'ERR_UNKNOWN_FILE_EXTENSION') {
      throw new Error('Run this script with tsx: npx tsx scripts/generate-patient-forms.mjs');
    }
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    console.warn('src/shared/clinic.ts not found: using placeholder clinic details in the header.');
    return clinicHeader(FALLBACK_CLINIC);
  }
}

/** Text of a configuration value that may be a string or an object with a display form. */
function display(value) {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    for (const key of ['display', 'label', 'text', 'formatted', 'value']) {
      if (typeof value[key] === 'string') return value[key];
    }
    if (Array.isArray(value.lines)) return value.lines.join(', ');
  }
  return '';
}

/** Name, first address and contact line of the header, from the clinic configuration. */
function clinicHeader(clinic) {
  const firstAddress = clinic.addresses?.[0];
  const address =
    firstAddress && typeof firstAddress === 'object' && !Array.isArray(firstAddress.lines)
      ? ['line1', 'line2', 'street', 'area', 'city', 'town', 'county', 'eircode']
          .map((key) => firstAddress[key])
          .filter((part) => typeof part === 'string' && part)
          .join(', ')
      : display(firstAddress);
  return {
    name: clinic.name,
    address,
    contact: [display(clinic.phone), display(clinic.email)].filter(Boolean).join('   |   '),
  };
}

// ---------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------

const A4 = [595.28, 841.89];
const MARGIN = 42;
const CONTENT_WIDTH = A4[0] - 2 * MARGIN;
const BOTTOM = 56;
const FIXED_DATE = new Date('2026-11-23T09:00:00Z');

const colours = {
  brand: rgb(0x0f / 255, 0x4c / 255, 0x5c / 255),
  brandLight: rgb(0xe6 / 255, 0xf1 / 255, 0xf3 / 255),
  text: rgb(0.12, 0.16, 0.2),
  muted: rgb(0.33, 0.38, 0.42),
  line: rgb(0.55, 0.6, 0.63),
  rule: rgb(0.82, 0.86, 0.88),
  warning: rgb(0.99, 0.95, 0.9),
  warningBorder: rgb(0.76, 0.25, 0.05),
  white: rgb(1, 1, 1),
};

const LABEL_SIZE = 8.5;
const BOX_HEIGHT = 18;
const LINE_HEIGHT = 16;

/** Builds one form: a cursor moving down the page, with a new page when a block does not fit. */
class FormBuilder {
  constructor(doc, fonts, { title, subtitle, header }) {
    this.doc = doc;
    this.form = doc.getForm();
    this.fonts = fonts;
    this.title = title;
    this.subtitle = subtitle;
    this.header = header;
    this.pages = [];
    this.sectionNumber = 0;
    this.newPage(true);
  }

  newPage(first = false) {
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    const top = A4[1];
    if (first) {
      const bandHeight = 64;
      this.page.drawRectangle({
        x: 0,
        y: top - bandHeight,
        width: A4[0],
        height: bandHeight,
        color: colours.brand,
      });
      this.text(this.header.name, MARGIN, top - 30, {
        size: 17,
        font: this.fonts.bold,
        color: colours.white,
      });
      this.text(this.header.address, MARGIN, top - 46, { size: 8.5, color: colours.white });
      this.text(this.header.contact, MARGIN, top - 57, { size: 8.5, color: colours.white });
      this.y = top - bandHeight - 30;
      this.text(this.title, MARGIN, this.y, { size: 16, font: this.fonts.bold, color: colours.brand });
      this.y -= 16;
      for (const line of this.wrap(this.subtitle, CONTENT_WIDTH, 9.5)) {
        this.text(line, MARGIN, this.y, { size: 9.5, color: colours.muted });
        this.y -= 12.5;
      }
      this.y -= 6;
    } else {
      this.page.drawRectangle({ x: 0, y: top - 6, width: A4[0], height: 6, color: colours.brand });
      this.text(`${this.header.name}: ${this.title} (continued)`, MARGIN, top - 30, {
        size: 9,
        font: this.fonts.bold,
        color: colours.brand,
      });
      this.y = top - 48;
    }
  }

  ensure(height) {
    if (this.y - height < BOTTOM) this.newPage();
  }

  text(value, x, y, { size = 10, font = this.fonts.regular, color = colours.text } = {}) {
    if (!value) return;
    this.page.drawText(value, { x, y, size, font, color });
  }

  wrap(value, width, size, font = this.fonts.regular) {
    const lines = [];
    let line = '';
    for (const word of value.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = word;
      } else {
        line = next;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  section(title, minHeight = 80) {
    this.ensure(minHeight + 30);
    this.sectionNumber += 1;
    this.y -= 6;
    const height = 19;
    this.page.drawRectangle({
      x: MARGIN,
      y: this.y - height + 5,
      width: CONTENT_WIDTH,
      height,
      color: colours.brandLight,
    });
    this.page.drawRectangle({ x: MARGIN, y: this.y - height + 5, width: 4, height, color: colours.brand });
    this.text(`${this.sectionNumber}. ${title}`, MARGIN + 12, this.y - 9, {
      size: 11,
      font: this.fonts.bold,
      color: colours.brand,
    });
    this.y -= height + 6;
  }

  fieldName(label) {
    const base = `${this.sectionNumber}.${label}`.replace(/[^A-Za-z0-9]+/g, '_').replace(/_+$/, '');
    let name = base;
    let n = 2;
    while (this.form.getFieldMaybe(name)) name = `${base}_${n++}`;
    return name;
  }

  /** A labelled box for a short answer, optionally sharing the row with others: fields = [{label, width}] */
  row(fields) {
    const gap = 10;
    const total = fields.reduce((sum, field) => sum + (field.width ?? 1), 0);
    const available = CONTENT_WIDTH - gap * (fields.length - 1);
    this.ensure(BOX_HEIGHT + 16);
    let x = MARGIN;
    for (const field of fields) {
      const width = (available * (field.width ?? 1)) / total;
      this.text(field.label, x, this.y - LABEL_SIZE, {
        size: LABEL_SIZE,
        font: this.fonts.bold,
        color: colours.muted,
      });
      const boxY = this.y - LABEL_SIZE - 4 - BOX_HEIGHT;
      this.page.drawRectangle({
        x,
        y: boxY,
        width,
        height: BOX_HEIGHT,
        borderColor: colours.line,
        borderWidth: 0.75,
      });
      const input = this.form.createTextField(this.fieldName(field.label));
      input.addToPage(this.page, {
        x: x + 1,
        y: boxY + 1,
        width: width - 2,
        height: BOX_HEIGHT - 2,
        borderWidth: 0,
        borderColor: undefined,
        backgroundColor: undefined,
        font: this.fonts.regular,
      });
      input.setFontSize(10);
      x += width + gap;
    }
    this.y -= LABEL_SIZE + 4 + BOX_HEIGHT + 8;
  }

  /** A labelled box with ruled lines for a longer answer. */
  area(label, lines = 3, hint) {
    this.areas([{ label, hint }], lines);
  }

  /** Boxes with ruled lines side by side, each with a label and an optional hint. */
  areas(items, lines = 3) {
    const gap = 10;
    const width = (CONTENT_WIDTH - gap * (items.length - 1)) / items.length;
    const height = lines * LINE_HEIGHT + 4;
    const hints = items.map((item) => (item.hint ? this.wrap(item.hint, width, 8) : []));
    const hintHeight = Math.max(...hints.map((hint) => hint.length)) * 9;
    this.ensure(LABEL_SIZE + 2 + hintHeight + 4 + height + 10);
    const boxY = this.y - (LABEL_SIZE + 2 + hintHeight + 4) - height;
    items.forEach((item, index) => {
      const x = MARGIN + index * (width + gap);
      this.text(item.label, x, this.y - LABEL_SIZE, {
        size: LABEL_SIZE,
        font: this.fonts.bold,
        color: colours.muted,
      });
      hints[index].forEach((line, lineIndex) => {
        this.text(line, x, this.y - LABEL_SIZE - 2 - (lineIndex + 1) * 9, { size: 8, color: colours.muted });
      });
      this.page.drawRectangle({ x, y: boxY, width, height, borderColor: colours.line, borderWidth: 0.75 });
      for (let i = 1; i < lines; i += 1) {
        const lineY = boxY + height - 2 - i * LINE_HEIGHT;
        this.page.drawLine({
          start: { x: x + 6, y: lineY },
          end: { x: x + width - 6, y: lineY },
          thickness: 0.5,
          color: colours.rule,
        });
      }
      const input = this.form.createTextField(this.fieldName(item.label));
      input.enableMultiline();
      input.addToPage(this.page, {
        x: x + 2,
        y: boxY + 1,
        width: width - 4,
        height: height - 2,
        borderWidth: 0,
        borderColor: undefined,
        backgroundColor: undefined,
        font: this.fonts.regular,
      });
      input.setFontSize(10);
    });
    this.y = boxY - 10;
  }

  /** Questions answered Yes or No, two per line; each is a radio group drawn as two square boxes. */
  yesNo(questions, columns = 2) {
    const columnWidth = CONTENT_WIDTH / columns;
    const rowHeight = 20;
    const rows = Math.ceil(questions.length / columns);
    this.ensure(rows * rowHeight + 6);
    questions.forEach((question, index) => {
      const column = index % columns;
      const rowTop = this.y - Math.floor(index / columns) * rowHeight;
      const x = MARGIN + column * columnWidth;
      const baseline = rowTop - 13;
      const answersX = x + columnWidth - 88;
      if (this.fonts.regular.widthOfTextAtSize(question, 9.5) > answersX - x - 6) {
        throw new Error(`Yes/no question too long for its column: ${question}`);
      }
      this.text(question, x, baseline, { size: 9.5 });
      const group = this.form.createRadioGroup(this.fieldName(question));
      ['Yes', 'No'].forEach((answer, answerIndex) => {
        const boxX = answersX + answerIndex * 46;
        const size = 11;
        this.page.drawRectangle({
          x: boxX,
          y: baseline - 2,
          width: size,
          height: size,
          borderColor: colours.text,
          borderWidth: 0.9,
        });
        group.addOptionToPage(answer, this.page, {
          x: boxX + 1,
          y: baseline - 1,
          width: size - 2,
          height: size - 2,
          borderWidth: 0,
          borderColor: undefined,
          backgroundColor: undefined,
        });
        this.text(answer, boxX + size + 4, baseline, { size: 9.5 });
      });
    });
    this.y -= rows * rowHeight + 6;
  }

  /** A shaded note, for the preparation rules. */
  note(value, { warning = false } = {}) {
    const lines = this.wrap(value, CONTENT_WIDTH - 20, 9, this.fonts.regular);
    const height = lines.length * 12 + 12;
    this.ensure(height + 8);
    this.page.drawRectangle({
      x: MARGIN,
      y: this.y - height,
      width: CONTENT_WIDTH,
      height,
      color: warning ? colours.warning : colours.brandLight,
      borderColor: warning ? colours.warningBorder : colours.brand,
      borderWidth: 0.75,
    });
    let lineY = this.y - 15;
    for (const line of lines) {
      this.text(line, MARGIN + 10, lineY, { size: 9 });
      lineY -= 12;
    }
    this.y -= height + 10;
  }

  paragraph(value, size = 9.5) {
    const lines = this.wrap(value, CONTENT_WIDTH, size);
    this.ensure(lines.length * (size + 3.5) + 4);
    for (const line of lines) {
      this.y -= size + 3.5;
      this.text(line, MARGIN, this.y, { size });
    }
    this.y -= 10;
  }

  /** Signature, name and date on lines: signed by hand (a typed name is not a signature). */
  signature(signatureLabel) {
    this.ensure(50);
    this.y -= 28;
    const gap = 16;
    const columns = [
      { label: signatureLabel, width: 0.42, input: false },
      { label: 'Name (block capitals)', width: 0.36, input: true },
      { label: 'Date (DD/MM/YYYY)', width: 0.22, input: true },
    ];
    const available = CONTENT_WIDTH - gap * (columns.length - 1);
    let x = MARGIN;
    for (const column of columns) {
      const width = available * column.width;
      this.page.drawLine({
        start: { x, y: this.y },
        end: { x: x + width, y: this.y },
        thickness: 0.9,
        color: colours.text,
      });
      this.text(column.label, x, this.y - 11, {
        size: LABEL_SIZE,
        font: this.fonts.bold,
        color: colours.muted,
      });
      if (column.input) {
        const input = this.form.createTextField(this.fieldName(`Signature ${column.label}`));
        input.addToPage(this.page, {
          x,
          y: this.y + 1,
          width,
          height: 16,
          borderWidth: 0,
          borderColor: undefined,
          backgroundColor: undefined,
          font: this.fonts.regular,
        });
        input.setFontSize(10);
      }
      x += width + gap;
    }
    this.y -= 24;
  }

  finish(footer) {
    const count = this.pages.length;
    this.pages.forEach((page, index) => {
      page.drawLine({
        start: { x: MARGIN, y: 36 },
        end: { x: A4[0] - MARGIN, y: 36 },
        thickness: 0.5,
        color: colours.rule,
      });
      page.drawText(footer, { x: MARGIN, y: 24, size: 7.5, font: this.fonts.regular, color: colours.muted });
      const label = `Page ${index + 1} of ${count}`;
      page.drawText(label, {
        x: A4[0] - MARGIN - this.fonts.regular.widthOfTextAtSize(label, 7.5),
        y: 24,
        size: 7.5,
        font: this.fonts.regular,
        color: colours.muted,
      });
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The two forms
// ---------------------------------------------------------------------------------------------

const PREPARATION =
  'Before a skin prick test: stop antihistamine tablets or liquids (such as cetirizine, loratadine, fexofenadine) 5 days before, and antihistamine nasal sprays 3 days before. Keep taking asthma inhalers and other medicines unless a doctor advises otherwise. No moisturiser on the forearms on the day. Please arrive 15 minutes early.';

const CONFIDENTIAL =
  'Confidential: this form contains health information. It is used only to provide your care, as described in our privacy policy.';

function patientDetails(builder, { child }) {
  builder.row([{ label: 'First name' }, { label: 'Surname' }, { label: 'Date of birth (DD/MM/YYYY)' }]);
  builder.row([
    { label: 'Home address', width: 3 },
    { label: 'Eircode', width: 1 },
  ]);
  if (!child)
    builder.row([
      { label: 'Mobile phone', width: 1 },
      { label: 'E-mail', width: 2 },
    ]);
}

function gpDetails(builder) {
  builder.row([{ label: 'GP name' }, { label: 'Practice name' }, { label: 'Practice phone' }]);
  builder.row([{ label: 'Practice address' }, { label: 'Referring doctor or consultant, if not your GP' }]);
}

function allergyHistory(builder, { child }) {
  builder.area(
    'Symptoms',
    3,
    `What symptoms ${child ? 'does your child' : 'do you'} have (skin, nose, eyes, chest, stomach), and when do they happen?`,
  );
  builder.area(
    'Allergic reactions',
    3,
    'What happened, what caused it, how quickly did it start, and what treatment was needed? Include the date of the most recent reaction.',
  );
  builder.yesNo([
    child ? 'Has your child ever had anaphylaxis?' : 'Have you ever had anaphylaxis?',
    'Adrenaline auto-injector prescribed?',
    'Hospital treatment for a reaction?',
    'Family history of allergy?',
  ]);
  const history = [
    { label: 'Suspected triggers', hint: 'Foods, pollen, dust, animals, stings, medicines, latex or other.' },
    { label: 'Previous allergy tests', hint: 'Skin prick or blood test: where, when, and the results.' },
  ];
  if (child) {
    history.push({
      label: 'Foods eaten without any problem',
      hint: 'For example milk, egg, peanut, wheat, fish.',
    });
  }
  builder.areas(history, 3);
}

function medication(builder, { child }) {
  builder.area(
    `Current medicines ${child ? 'your child takes' : 'you take'}`,
    3,
    'Name, dose and how often, including inhalers, creams, nasal sprays and medicines bought without a prescription.',
  );
  builder.row([
    { label: 'Antihistamines taken: which, and when last?' },
    { label: 'Allergy to any medicine: which, and what happened?' },
  ]);
  builder.note(PREPARATION, { warning: true });
}

function otherConditions(builder, { child }) {
  const questions = ['Hay fever', 'Asthma', 'Eczema', 'Hives'];
  if (!child) questions.push('Pregnant?');
  builder.yesNo(questions, 3);
  builder.row([{ label: 'Other medical conditions' }]);
}

async function buildForm({ header, child }) {
  const doc = await PDFDocument.create();
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const title = child ? 'Child Patient Information Form' : 'Adult Patient Information Form';
  doc.setTitle(`${title}: ${header.name}`);
  doc.setAuthor(header.name);
  doc.setSubject(child ? 'Patient information for children under 16' : 'Patient information for adults');
  doc.setLanguage('en-IE');
  doc.setCreator(header.name);
  doc.setProducer('pdf-lib');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);

  const builder = new FormBuilder(doc, fonts, {
    header,
    title,
    subtitle: child
      ? 'For patients under 16. To be completed by a parent or legal guardian. Please write clearly in block capitals (or type into the form on screen), sign it by hand, and bring it to your first appointment.'
      : 'For patients aged 16 and over. Please write clearly in block capitals (or type into the form on screen), sign it by hand, and bring it to your first appointment.',
  });

  builder.section(child ? "Child's details" : 'Patient details');
  patientDetails(builder, { child });

  if (child) {
    builder.section('Parent or guardian details');
    builder.row([
      { label: 'Parent or guardian full name', width: 2 },
      { label: 'Relationship to child', width: 1 },
    ]);
    builder.row([
      { label: 'Mobile phone', width: 1 },
      { label: 'E-mail', width: 2 },
    ]);
    builder.row([{ label: "Address, if different from the child's" }]);
    builder.row([
      { label: 'Second parent or guardian (optional)', width: 2 },
      { label: 'Phone', width: 1 },
    ]);
  }

  builder.section('GP details');
  gpDetails(builder);

  builder.section('Reason for referral');
  builder.area(
    'What would you like help with at this appointment?',
    4,
    child
      ? 'Tell us in your own words what worries you about your child, and what you hope to find out.'
      : 'Tell us in your own words what is troubling you, and what you hope to find out.',
  );

  builder.section('Hay fever, asthma and eczema', 60);
  otherConditions(builder, { child });

  builder.section('Allergy history', 85);
  allergyHistory(builder, { child });

  builder.section('Medication', 95);
  medication(builder, { child });

  builder.section('Consent', 150);
  if (child) {
    builder.paragraph(
      'I am the parent or legal guardian of the child named above. I confirm that the information on this form is correct to the best of my knowledge and that I have read the preparation instructions. I consent to an allergy assessment of my child and, if the clinician recommends it after explaining it to me, to skin prick testing. I understand that I will stay with my child during the appointment, that I can ask questions, and that I can withdraw my consent at any time.',
    );
    builder.paragraph(
      'I understand that this information will be held in the clinic’s clinical records and used to provide my child’s care, as described in the clinic’s privacy policy.',
    );
    builder.signature('Signature of parent or guardian');
  } else {
    builder.paragraph(
      'I confirm that the information on this form is correct to the best of my knowledge and that I have read the preparation instructions. I consent to an allergy assessment and, if the clinician recommends it after explaining it to me, to skin prick testing. I understand that I can ask questions and withdraw my consent at any time.',
    );
    builder.paragraph(
      'I understand that this information will be held in the clinic’s clinical records and used to provide my care, as described in the clinic’s privacy policy.',
    );
    builder.signature('Signature of patient');
  }

  builder.finish(CONFIDENTIAL);
  return doc.save({ updateFieldAppearances: true });
}

async function main() {
  const header = await loadClinicHeader();
  await mkdir(outDir, { recursive: true });
  for (const child of [false, true]) {
    const bytes = await buildForm({ header, child });
    const file = path.join(outDir, child ? 'child-patient-information.pdf' : 'adult-patient-information.pdf');
    await writeFile(file, bytes);
    console.log(
      `${path.relative(root, file)}: ${bytes.length} bytes (${Math.round(bytes.length / 1024)} KB)`,
    );
  }
}

await main();

import {
  type AntihistamineChoice,
  antihistamineChoices,
  antihistaminesProblem,
  antihistamineTexts,
  parseAntihistamines,
} from './antihistamines';
import { clinic } from './clinic';
import { NAME_LENGTHS } from './name-lengths';
import { hasHiddenCharacter, texts } from './validation-texts';

/**
 * The clinic's intake and consent form, filled online before the visit (issue 33): the questions of the printable
 * forms at /forms (scripts/generate-patient-forms.mjs, wording kept), an adult's and a child's, as data. The server
 * serves a form's questions and the page draws them, so a new version is a new entry in `intakeForms`, and a signed
 * form keeps the version it was signed on (decision 0030-intake-form-versions).
 */

/** The patient's date of birth, YYYY-MM-DD: the light identity check before the form's health questions open. */
export const DATE_OF_BIRTH_HEADER = 'x-date-of-birth';

/** From this age the patient consents themself; under it a parent or guardian does (the terms' age of consent). */
export const AGE_OF_CONSENT = 16;

/** The reminder e-mail goes this many clinic days before the appointment if the form is still not signed. */
export const INTAKE_REMINDER_DAYS_BEFORE = 3;

/** The most characters of an answer (a long history fits; a flood does not). */
export const INTAKE_ANSWER_MAX = 2000;
/**
 * The most characters of a typed signature: the signer's first name and surname as the booking has them (35 each,
 * the UK Government Data Standards'), with the space between; one more than a full name typed in one field (70).
 */
export const SIGNATURE_MAX = NAME_LENGTHS.part.max * 2 + 1;

export const intakeFormKinds = ['adult', 'child'] as const;
export type IntakeFormKind = (typeof intakeFormKinds)[number];

/** `multi_choice`: several of `options`, answered as a comma-separated list of their values (`tablets,nasal`). */
export const intakeQuestionTypes = ['text', 'yes_no', 'choice', 'multi_choice', 'date'] as const;

export const intakeStatuses = ['not_started', 'draft', 'signed'] as const;

export interface IntakeQuestion {
  key: string;
  label: string;
  type: (typeof intakeQuestionTypes)[number];
  required: boolean;
  /** A line under the label saying what to write. */
  hint?: string;
  /** A `choice`'s (or `multi_choice`'s) answers: the value stored, and the words shown. */
  options?: readonly { value: string; label: string }[];
  /** A `multi_choice`'s answer that is given on its own ('None'), never with another. */
  exclusive?: string;
  /** The section of the form it belongs to, as the printable form heads it. */
  section: string;
  /** A `text` answer of one line (an Eircode, a phone) rather than several. */
  short?: boolean;
}

/** One version of a form: its questions, and the consent the signer gives, word for word as signed. */
export interface IntakeFormVersion {
  version: number;
  questions: readonly IntakeQuestion[];
  consent: readonly string[];
}

const PREPARATION =
  'Before a skin prick test: stop antihistamine tablets or liquids (such as cetirizine, loratadine, fexofenadine) 5 days before, and antihistamine nasal sprays 3 days before. Keep taking asthma inhalers and other medicines unless a doctor advises otherwise. No moisturiser on the forearms on the day. Please arrive 15 minutes early.';

/** Version 1's single choice of the antihistamines a patient takes (kept as it was: forms were signed on it). */
const antihistamineOptions = [
  { value: 'none', label: 'None' },
  { value: 'tablets', label: 'Tablets or syrup' },
  { value: 'nasal', label: 'Nasal spray' },
  { value: 'eye_drops', label: 'Eye drops' },
  { value: 'cough_cold_sleep', label: 'Cough, cold or sleep remedies' },
  { value: 'not_sure', label: 'Not sure' },
] as const;

/**
 * The question of which antihistamines the patient takes: from version 2 the booking form's own question (several
 * ticked, 'None' on its own, the same words), answered from the booking until changed (decision 0027).
 */
export const ANTIHISTAMINES_QUESTION = 'antihistamine_kind';

function antihistaminesQuestion(child: boolean, version: number): IntakeQuestion {
  const common = {
    key: ANTIHISTAMINES_QUESTION,
    label: `Which antihistamines ${child ? 'does your child' : 'do you'} take?`,
    required: true,
    section: 'Medication',
  };
  if (version === 1) {
    return {
      ...common,
      hint: `Some cough, cold and sleep remedies and some eye drops are antihistamines too. ${PREPARATION}`,
      type: 'choice',
      options: antihistamineOptions,
    };
  }
  return {
    ...common,
    hint: `Tick each kind ${child ? 'your child takes' : 'you take'}, or None. Some cough, cold and sleep remedies and some eye drops are antihistamines too. ${PREPARATION}`,
    type: 'multi_choice',
    options: antihistamineChoices.map((choice) => ({
      value: choice,
      label: antihistamineTexts.labels[choice],
    })),
    exclusive: 'none',
  };
}

function questionsOf(child: boolean, version: number): IntakeQuestion[] {
  const details = child ? "Child's details" : 'Patient details';
  const guardian: IntakeQuestion[] = child
    ? [
        {
          key: 'guardian_relationship',
          label: 'Relationship to child',
          type: 'text',
          required: true,
          short: true,
          section: 'Parent or guardian details',
        },
        {
          key: 'guardian_address',
          label: "Address, if different from the child's",
          type: 'text',
          required: false,
          short: true,
          section: 'Parent or guardian details',
        },
        {
          key: 'second_guardian',
          label: 'Second parent or guardian (optional)',
          type: 'text',
          required: false,
          short: true,
          section: 'Parent or guardian details',
        },
        {
          key: 'second_guardian_phone',
          label: 'Phone',
          type: 'text',
          required: false,
          short: true,
          section: 'Parent or guardian details',
        },
      ]
    : [];
  const conditions = ['Hay fever', 'Asthma', 'Eczema', 'Hives', ...(child ? [] : ['Pregnant?'])].map(
    (label): IntakeQuestion => ({
      key: label
        .toLowerCase()
        .replace(/[^a-z]+/g, '_')
        .replace(/_$/, ''),
      label,
      type: 'yes_no',
      required: true,
      section: 'Hay fever, asthma and eczema',
    }),
  );
  const history = 'Allergy history';
  return [
    {
      key: 'home_address',
      label: 'Home address',
      type: 'text',
      required: true,
      short: true,
      section: details,
    },
    { key: 'eircode', label: 'Eircode', type: 'text', required: false, short: true, section: details },
    ...guardian,
    { key: 'gp_name', label: 'GP name', type: 'text', required: false, short: true, section: 'GP details' },
    {
      key: 'gp_practice',
      label: 'Practice name',
      type: 'text',
      required: false,
      short: true,
      section: 'GP details',
    },
    {
      key: 'gp_phone',
      label: 'Practice phone',
      type: 'text',
      required: false,
      short: true,
      section: 'GP details',
    },
    {
      key: 'gp_address',
      label: 'Practice address',
      type: 'text',
      required: false,
      short: true,
      section: 'GP details',
    },
    {
      key: 'referring_doctor',
      label: 'Referring doctor or consultant, if not your GP',
      type: 'text',
      required: false,
      short: true,
      section: 'GP details',
    },
    {
      key: 'reason',
      label: 'What would you like help with at this appointment?',
      hint: child
        ? 'Tell us in your own words what worries you about your child, and what you hope to find out.'
        : 'Tell us in your own words what is troubling you, and what you hope to find out.',
      type: 'text',
      required: true,
      section: 'Reason for referral',
    },
    ...conditions,
    {
      key: 'other_conditions',
      label: 'Other medical conditions',
      type: 'text',
      required: false,
      section: 'Hay fever, asthma and eczema',
    },
    {
      key: 'symptoms',
      label: 'Symptoms',
      hint: `What symptoms ${child ? 'does your child' : 'do you'} have (skin, nose, eyes, chest, stomach), and when do they happen?`,
      type: 'text',
      required: true,
      section: history,
    },
    {
      key: 'reactions',
      label: 'Allergic reactions',
      hint: 'What happened, what caused it, how quickly did it start, and what treatment was needed? Include the date of the most recent reaction.',
      type: 'text',
      required: false,
      section: history,
    },
    {
      key: 'last_reaction_on',
      label: 'Date of the most recent reaction',
      type: 'date',
      required: false,
      section: history,
    },
    {
      key: 'anaphylaxis',
      label: child ? 'Has your child ever had anaphylaxis?' : 'Have you ever had anaphylaxis?',
      type: 'yes_no',
      required: true,
      section: history,
    },
    {
      key: 'auto_injector',
      label: 'Adrenaline auto-injector prescribed?',
      type: 'yes_no',
      required: true,
      section: history,
    },
    {
      key: 'hospital_treatment',
      label: 'Hospital treatment for a reaction?',
      type: 'yes_no',
      required: true,
      section: history,
    },
    {
      key: 'family_history',
      label: 'Family history of allergy?',
      type: 'yes_no',
      required: true,
      section: history,
    },
    {
      key: 'suspected_triggers',
      label: 'Suspected triggers',
      hint: 'Foods, pollen, dust, animals, stings, medicines, latex or other.',
      type: 'text',
      required: false,
      section: history,
    },
    {
      key: 'previous_tests',
      label: 'Previous allergy tests',
      hint: 'Skin prick or blood test: where, when, and the results.',
      type: 'text',
      required: false,
      section: history,
    },
    ...(child
      ? [
          {
            key: 'safe_foods',
            label: 'Foods eaten without any problem',
            hint: 'For example milk, egg, peanut, wheat, fish.',
            type: 'text',
            required: false,
            section: history,
          } satisfies IntakeQuestion,
        ]
      : []),
    {
      key: 'current_medicines',
      label: `Current medicines ${child ? 'your child takes' : 'you take'}`,
      hint: 'Name, dose and how often, including inhalers, creams, nasal sprays and medicines bought without a prescription.',
      type: 'text',
      required: true,
      section: 'Medication',
    },
    antihistaminesQuestion(child, version),
    {
      key: 'antihistamines',
      label: 'Antihistamines taken: which, and when last?',
      type: 'text',
      required: false,
      short: true,
      section: 'Medication',
    },
    {
      key: 'medicine_allergy',
      label: 'Allergy to any medicine: which, and what happened?',
      type: 'text',
      required: false,
      short: true,
      section: 'Medication',
    },
  ];
}

/** The printable forms' consent paragraphs, as the signer ticks them. */
const adultConsent = [
  'I confirm that the information on this form is correct to the best of my knowledge and that I have read the preparation instructions. I consent to an allergy assessment and, if the clinician recommends it after explaining it to me, to skin prick testing. I understand that I can ask questions and withdraw my consent at any time.',
  'I understand that this information will be held in the clinic’s clinical records and used to provide my care, as described in the clinic’s privacy policy.',
];
const childConsent = [
  'I am the parent or legal guardian of the child named above. I confirm that the information on this form is correct to the best of my knowledge and that I have read the preparation instructions. I consent to an allergy assessment of my child and, if the clinician recommends it after explaining it to me, to skin prick testing. I understand that I will stay with my child during the appointment, that I can ask questions, and that I can withdraw my consent at any time.',
  'I understand that this information will be held in the clinic’s clinical records and used to provide my child’s care, as described in the clinic’s privacy policy.',
];

/** Every version of each form, oldest first; the last is the one a new form is filled on. */
const intakeForms: Record<IntakeFormKind, readonly IntakeFormVersion[]> = {
  adult: [
    { version: 1, questions: questionsOf(false, 1), consent: adultConsent },
    // 2: which antihistamines, a multiple choice of the booking form's list (was a single choice).
    { version: 2, questions: questionsOf(false, 2), consent: adultConsent },
  ],
  child: [
    { version: 1, questions: questionsOf(true, 1), consent: childConsent },
    { version: 2, questions: questionsOf(true, 2), consent: childConsent },
  ],
};

export const currentIntakeForm = (form: IntakeFormKind): IntakeFormVersion => {
  const versions = intakeForms[form];
  const current = versions[versions.length - 1];
  if (!current) throw new Error(`no ${form} intake form`);
  return current;
};

export const intakeFormVersion = (form: IntakeFormKind, version: number): IntakeFormVersion | undefined =>
  intakeForms[form].find((entry) => entry.version === version);

/** Whole years between a date of birth and a day (both YYYY-MM-DD): the patient's age on that day. */
export function ageOn(dob: string, day: string): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export const intakeTexts = {
  notAllowedCharacters: texts.notAllowedCharacters,
  dateOfBirthWrong:
    'That date of birth does not match our booking. Please type the patient’s date of birth as you gave it when booking.',
  noDateOfBirth: `We cannot check the patient’s date of birth online for this booking. Please call us on ${clinic.phone} and we will help.`,
  dateOfBirthMissing: 'Please type the patient’s date of birth.',
  dateOfBirthFuture: 'A date of birth cannot be after today.',
  dateOfBirthNotReal: 'That is not a real date. Please type the patient’s date of birth as DD.MM.YYYY.',
  /** `wait`: '15 minutes', '3 hours' (the real wait, as `Retry-After` says it). */
  throttled: (wait: string) =>
    `Too many wrong dates of birth. Please wait ${wait} and try again, or call us on ${clinic.phone}.`,
  closedCancelled:
    'This appointment is cancelled, so its form is closed and cannot be filled in. If you book again, the new booking has a form of its own.',
  closedVideo:
    'A video consultation has no intake form: the consultant asks what they need during the call, and nothing is tested.',
  closedOver:
    'This appointment has started or is over, so its form is closed and cannot be filled in online. Please tell the clinic about any change.',
  /** Signing a form with the answers of the version already signed (`signedOn`: when, in clinic time). */
  alreadySigned: (signedOn: string) =>
    `Nothing has changed since you signed this form on ${signedOn}, so that signed form stands. Change an answer first if you need to correct something.`,
  /** Before a signed form is changed: what a change does. */
  changeMakesNewVersion:
    'Changing an answer makes a new version of the form, which needs your signature again. The signed form is kept, and the clinic goes by it until you sign the new one.',
  /** While a change made after signing is not signed yet (`signedOn`: when the signed one was). */
  newVersionUnsigned: (signedOn: string) =>
    `This is a new version of your form and it is not signed yet. The clinic goes by the one you signed on ${signedOn} until you sign this one.`,
  incomplete: 'Some answers are missing. Please look at the fields marked below.',
  required: texts.required,
  tooLong: texts.tooLong,
  notYesNo: 'Please answer yes or no.',
  notAChoice: 'Please choose one of the answers.',
  notChoices: 'Please choose from the answers given.',
  exclusiveWithOthers: (label: string) => `Choose '${label}' on its own, or the others that apply.`,
  notADate: 'Please give a real date, as DD.MM.YYYY.',
  futureDate: 'This date cannot be after today.',
  consentMissing: 'Please tick the box to give your consent.',
  signatureMismatch: (name: string) => `Please type the full name ${name}, as we have it on the booking.`,
  /** A child's booking that names no parent or guardian: nobody the signature can be checked against. */
  noSigner: `We do not have the name of the parent or guardian who signs for this child. Please call us on ${clinic.phone} and we will add it.`,
  saved: 'Saved',
  signed: 'Thank you: your form is signed and sent to the clinic.',
  notSignedYet: 'Intake form not signed yet',
  /** The link beside the booking, in e-mails and on the booking's pages. */
  linkText: 'Fill in the intake and consent form before your visit',
} as const;

/** `/booking/{reference}/intake`: the form's page (the booking link's token after `#`). */
export const intakePath = (reference: string) => `/booking/${reference}/intake`;

/** A booking link (`…/booking/{reference}#{token}`) made into the form's link, with the same token. */
export const intakeUrlOfManageUrl = (manageUrl: string) => manageUrl.replace(/#/, '/intake#');

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A YYYY-MM-DD day that a calendar has (not 2015-02-31). */
export function isRealDay(value: string): boolean {
  const match = isoDay.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** What is wrong with a date answer (YYYY-MM-DD), if anything: not a real day, or after `today`. */
export function dateProblem(value: string, today: string): string | undefined {
  if (!isRealDay(value)) return intakeTexts.notADate;
  if (value > today) return intakeTexts.futureDate;
  return undefined;
}

/**
 * What is wrong with each answer for signing, by question key (and `consent`, `signature`): every required one
 * answered, each of its kind, a date no later than `today` (the clinic's day, YYYY-MM-DD: every date the form asks is
 * of something past). Shared so the page says it beside each field before sending, as the server does.
 */
export function signingProblems(
  questions: readonly IntakeQuestion[],
  request: { answers: Record<string, string>; consent?: boolean; signature?: string },
  signerName: string,
  today: string,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const question of questions) {
    const value = (request.answers[question.key] ?? '').trim();
    if (!value) {
      if (question.required) problems[question.key] = intakeTexts.required;
      continue;
    }
    if (question.type === 'yes_no' && value !== 'yes' && value !== 'no')
      problems[question.key] = intakeTexts.notYesNo;
    if (question.type === 'choice' && !question.options?.some((option) => option.value === value))
      problems[question.key] = intakeTexts.notAChoice;
    if (question.type === 'multi_choice') {
      const problem = multiChoiceProblem(question, value);
      if (problem) problems[question.key] = problem;
    }
    if (question.type === 'date') {
      const problem = dateProblem(value, today);
      if (problem) problems[question.key] = problem;
    }
    if (question.short && hasHiddenCharacter(value))
      problems[question.key] = intakeTexts.notAllowedCharacters;
  }
  if (request.consent !== true) problems.consent = intakeTexts.consentMissing;
  const typed = normalName(request.signature ?? '');
  if (!normalName(signerName)) problems.signature = intakeTexts.noSigner;
  else if (!typed) problems.signature = intakeTexts.required;
  else if (hasHiddenCharacter(request.signature?.trim() ?? ''))
    problems.signature = intakeTexts.notAllowedCharacters;
  else if (typed !== normalName(signerName)) problems.signature = intakeTexts.signatureMismatch(signerName);
  return problems;
}

/** A name as compared for a signature: case, accents and spacing aside ("aoife  byrne" is "Aoife Byrne"). */
const normalName = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s\u2019']+/g, ' ')
    .trim()
    .toLowerCase();

/** The values of a `multi_choice` answer (`tablets,nasal`), each once, as given; none when empty. */
export const multiChoiceValues = (value: string): string[] => [
  ...new Set(
    value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  ),
];

/** What is wrong with a `multi_choice` answer: a value outside the options, or the exclusive one with others. */
function multiChoiceProblem(question: IntakeQuestion, value: string): string | undefined {
  if (question.key === ANTIHISTAMINES_QUESTION) return antihistaminesProblem(value);
  const values = multiChoiceValues(value);
  if (values.some((each) => !question.options?.some((option) => option.value === each)))
    return intakeTexts.notChoices;
  const exclusive = question.options?.find((option) => option.value === question.exclusive);
  if (exclusive && values.includes(exclusive.value) && values.length > 1)
    return intakeTexts.exclusiveWithOthers(exclusive.label);
  return undefined;
}

/**
 * The antihistamines a form's answers name, in the booking's terms, when its version asks them as the booking form
 * does (version 2 on) and the answer is a valid one; undefined otherwise.
 */
export function antihistaminesOfAnswers(
  version: IntakeFormVersion,
  answers: Record<string, string>,
): AntihistamineChoice[] | undefined {
  const question = version.questions.find((each) => each.key === ANTIHISTAMINES_QUESTION);
  const value = answers[ANTIHISTAMINES_QUESTION];
  if (question?.type !== 'multi_choice' || !value || antihistaminesProblem(value)) return undefined;
  return parseAntihistamines(value)?.choices;
}

/**
 * The answer a form begins with for the antihistamines, from what the patient said when booking (`taken`, null when
 * not asked): the booking's list on version 2 on; on version 1's single choice, the one kind if only one was named.
 */
export function antihistaminesPrefill(
  version: IntakeFormVersion,
  taken: readonly AntihistamineChoice[] | null,
): string | undefined {
  const question = version.questions.find((each) => each.key === ANTIHISTAMINES_QUESTION);
  if (!question || !taken || taken.length === 0) return undefined;
  if (question.type === 'multi_choice') return taken.join(',');
  const [only] = taken;
  return taken.length === 1 && question.options?.some((option) => option.value === only) ? only : undefined;
}

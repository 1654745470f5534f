import { clinic } from '../../../shared/clinic';
import { PASSWORD_LENGTH } from '../../../shared/password-length';

const { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH } = PASSWORD_LENGTH;

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * About 49,000 of the most used passwords from leaked lists, lower-cased (zxcvbn-ts's `passwords-common`, MIT).
 * Loaded on first use: only setting a password needs it, never signing in.
 */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  );
  return commonPasswords;
}

export const passwordTexts = {
  oneCharacter: 'The password must not be one character repeated.',
  common:
    'This password is one of the most commonly used passwords, which are guessed first. Please choose another.',
  pattern:
    'The password must not be a run or a repeat of characters (such as ‘abcdefgh’, ‘12341234’ or ‘abababab’): these are guessed first. Please choose another.',
  email:
    'The password must not contain your e-mail address or the part before the @: it is among the first things guessed. Please choose another.',
  clinic: `The password must not contain the clinic’s name (${clinic.name}): it is among the first things guessed. Please choose another.`,
} as const;

/** Letters and digits only, lower-cased: 'Dublin-Allergy Clinic!' and 'dublinallergyclinic' are one to a guesser. */
const compact = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Shorter than this, an e-mail's part before the @ ('jo') is too common inside other words to refuse. */
const MIN_NAME_PART = 3;

/**
 * The clinic's name as a guesser tries it: two or more of its words in a row ('dublinallergy', 'allergyclinic',
 * 'dublinallergyclinic'), and its web address's name (the host of its e-mail address, 'dublinallergyclinic').
 */
const clinicWords: readonly string[] = (() => {
  const words = clinic.name.split(/\s+/).map(compact).filter(Boolean);
  const runs: string[] = [];
  for (let first = 0; first < words.length; first += 1)
    for (let last = first + 1; last < words.length; last += 1)
      runs.push(words.slice(first, last + 1).join(''));
  const site = compact(clinic.email.split('@')[1]?.split('.')[0] ?? '');
  return [...new Set([...runs, site])].filter((word) => word.length >= MIN_NAME_PART);
})();

/**
 * Whether the password is one pattern a guesser tries before any word (NIST SP 800-63B 3.1.1.2, "repetitive or
 * sequential characters"): a few characters repeated to its length ('abababab', '12341234', 'abcabcab'); at most two
 * runs of characters each following the last by the same step of -1, 0 or +1 ('abcdefgh', '87654321', '11111112',
 * 'abcd1234'); or fewer than three different characters in all ('1a111111').
 */
function isTrivialPattern(characters: readonly string[]): boolean {
  const points = characters.map((character) => character.codePointAt(0) ?? 0);
  const length = points.length;
  for (let period = 1; period <= length / 2; period += 1)
    if (points.every((point, index) => index < period || point === points[index - period])) return true;
  if (new Set(points).size < 3) return true;
  let runs = 0;
  let index = 0;
  while (index < length) {
    runs += 1;
    const step = (points[index + 1] ?? Number.NaN) - (points[index] ?? 0);
    index += 1;
    if (Math.abs(step) > 1 || Number.isNaN(step)) continue;
    while (index < length && (points[index] ?? 0) - (points[index - 1] ?? 0) === step) index += 1;
  }
  return runs <= 2;
}

/** Whose password it is: what a guesser who knows the account would try first. */
export interface PasswordContext {
  /** The account's e-mail address. */
  email: string;
}

/**
 * Rules for passwords set by `npm run admin`, ADMIN_PASSWORD, createAdmin or an accepted invitation (not checked at
 * sign-in, which accepts 5 to 64 characters), after NIST SP 800-63B's list of what to refuse: 8 to 64 characters;
 * not one character repeated, nor a run or repeat of characters; not a commonly used password in any letter case;
 * not containing the account's e-mail address or the part before its @, nor the clinic's name (context-specific
 * words). Letter case, spaces and punctuation do not hide a word.
 */
export async function passwordProblem(
  password: string,
  context: PasswordContext,
): Promise<string | undefined> {
  const characters = [...password.normalize('NFKC')];
  if (characters.length < MIN_PASSWORD_LENGTH)
    return `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (characters.length > MAX_PASSWORD_LENGTH)
    return `The password must have at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (new Set(characters).size === 1) return passwordTexts.oneCharacter;
  const lower = characters.join('').toLowerCase();
  // A run or repeat is said as such even when the common list holds it too ('abcdefgh', '12341234').
  if (isTrivialPattern([...lower])) return passwordTexts.pattern;
  if ((await loadCommonPasswords()).has(lower)) return passwordTexts.common;
  const letters = compact(password);
  const [localPart = ''] = context.email.trim().split('@');
  const personal = [compact(context.email), compact(localPart)].filter(
    (word) => word.length >= MIN_NAME_PART,
  );
  if (personal.some((word) => letters.includes(word))) return passwordTexts.email;
  if (clinicWords.some((word) => letters.includes(word))) return passwordTexts.clinic;
  return undefined;
}

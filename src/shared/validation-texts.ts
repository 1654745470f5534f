/** Validation and notice texts from the spec (sections 5 and 8). They are contractual, word for word. */
export const texts = {
  required: 'This field is required, please fill in.',
  requiredSpaced: 'This field is required , please fill in.',
  tooShort: 'Text is too short.',
  tooLong: 'Text is too long.',
  mailInvalid: 'Mail is invalid.',
  phoneInvalid: 'Phone number is invalid.',
  /** Characters no person types into a form field (the API's guard), or into a name (`hasHiddenCharacter`). */
  notAllowedCharacters: 'This field contains characters that are not allowed.',
  signIn: {
    invalidEmail: 'Invalid email',
    required: 'Required',
    tooShort: 'Too Short!',
    tooLong: 'Too Long!',
    failed: 'Invalid email or password',
  },
  defaultError: 'Something went wrong. Try it later.',
  errorTitle: 'Error',
  /** Back-office notices (spec section 8). After deleting a team member the spec reuses the FAQ text; we say what happened. */
  notices: {
    articleCreated: 'Article was successfully created',
    articleUpdated: 'Article was successfully updated',
    articleDeleted: 'You have successfully deleted the article',
    teamMemberCreated: 'Team member was successfully created',
    teamMemberUpdated: 'Team member was successfully updated',
    teamMemberDeleted: 'You have successfully deleted the team member',
    faqCreated: 'FAQ was successfully created',
    faqUpdated: 'FAQ was successfully updated',
    faqDeleted: 'You have successfully deleted the FAQ',
    categoryCreated: 'Category was successfully created',
    categoryUpdated: 'Category was successfully updated',
    categoryDeleted: 'You have successfully deleted the fee category',
    serviceCreated: 'Service was successfully created',
    serviceUpdated: 'Service was successfully updated',
    serviceDeleted: 'You have successfully deleted the fee service',
  },
} as const;

/** A zero-width joiner or non-joiner between two visible characters: part of an emoji or of a Persian name. */
const JOINER_IN_WORD = /(?<=[\p{L}\p{M}\p{N}\p{S}])[\u200c\u200d](?=[\p{L}\p{M}\p{N}\p{S}])/gu;

/** The emoji or text presentation selector after a character that has both looks (⚕️, ❤️, 1️⃣): a phone's keyboard types it. */
const EMOJI_SELECTOR = /(?<=\p{Emoji})[\ufe0e\ufe0f]/gu;

/**
 * Controls, format characters, line and paragraph separators, lone surrogates, every default-ignorable code point
 * (fillers that draw nothing: U+3164, U+FFA0, U+115F; the grapheme joiner; variation selectors; tags) and the blank
 * Braille pattern U+2800; or a combining mark with nothing before it to sit on.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}\u2800]|^\s*\p{M}/u;

/**
 * Whether a one-line value (a name) holds a line break (U+2028 and U+2029, the line and paragraph separators,
 * included), a tab, an invisible character (zero-width space, byte-order mark, soft hyphen, Hangul filler, blank
 * Braille pattern, variation selector, a joiner not between two characters), a leading combining mark or half of a
 * surrogate pair (which would be stored as U+FFFD): none is part of a name, an invisible one lets a blank-looking
 * name pass its length rule, and a line break would start a new line in the e-mails, calendar invites and CSV rows
 * that show it. Joiners inside a word (👩‍⚕️, نیک‌نام) and an emoji's presentation selector are kept.
 */
export const hasHiddenCharacter = (value: string): boolean =>
  HIDDEN.test(value.replace(JOINER_IN_WORD, '').replace(EMOJI_SELECTOR, ''));

/**
 * Whether a back-office field that is one line (a title, a name, a price line) is one line of visible characters:
 * the forms' and the API's refinement for those fields, with `texts.notAllowedCharacters` as its message.
 */
export const isOneLine = (value: string): boolean => !hasHiddenCharacter(value);

/** A text's length as a person counts it: an emoji or an accented letter typed as one character is one, not two. */
const characterCount = (value: string): number => [...value].length;

/** What is wrong with a text field's value by its length (in characters), as a key of the form's texts. */
export function lengthProblem(
  value: string | undefined,
  min: number,
  max: number,
): 'required' | 'tooShort' | 'tooLong' | undefined {
  if (value === undefined) return 'required';
  const length = characterCount(value);
  if (length < min) return 'tooShort';
  if (length > max) return 'tooLong';
  return undefined;
}

/** A name's rule in every form: one line of visible characters, then its length. */
export const nameProblem = (value: string | undefined, min: number, max: number) =>
  value !== undefined && hasHiddenCharacter(value) ? 'notAllowedCharacters' : lengthProblem(value, min, max);

import type { KeyboardEvent } from 'react';

/**
 * How a phone field takes what is typed, in every form that asks for a phone (booking, staff's patient form,
 * self-referral, contact). The spec asks that "the phone field blocks letter keystrokes" (section 5), and
 * only that: a letter key does nothing, and everything else reaches the form as it was written, pasted text
 * included, so '087abc1234' or a '.' is answered with 'Phone number is invalid.' beside the field (the one rule
 * of `shared/phone.ts`) rather than silently changed into a number the person did not write. This module
 * imports nothing but React's types, so the contact page can use it without loading a validation library.
 */

const LETTER = /^\p{L}$/u;

/** Whether a key types a letter (a key's name, like 'Tab', is not one character). */
const isLetterKey = (key: string) => LETTER.test(key);

/** A phone field's keydown: letters are blocked as they are typed; shortcuts (Ctrl+V) and keys like Tab pass. */
export function blockPhoneLetters(event: KeyboardEvent<HTMLInputElement>): void {
  if (!event.ctrlKey && !event.metaKey && !event.altKey && isLetterKey(event.key)) event.preventDefault();
}

/** A phone input's registration (react-hook-form's or `useLightForm`'s) with letter keys blocked: spread it on the field. */
export function phoneInputProps<Registration extends object>(registration: Registration) {
  return { ...registration, onKeyDown: blockPhoneLetters };
}

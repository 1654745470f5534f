import type { ChangeEvent, KeyboardEvent } from 'react';

/**
 * How a phone field takes what is typed, in every form that asks for a phone (booking, staff's patient form,
 * self-referral, contact). The spec asks that "the phone field blocks letter keystrokes" (section 5), and
 * only that: letters are kept out as they are typed or pasted, and every other character goes through to
 * the form, so a '.', '/' or '#' is answered with 'Phone number is invalid.' beside the field (the one rule of
 * `shared/phone.ts`) rather than silently dropped, leaving a number the person did not write. This module
 * imports nothing but React's types, so the contact page can use it without loading a validation library.
 */

const LETTERS = /\p{L}/gu;

/** What a phone field lets through as it is typed: everything but letters (spec section 5). */
export const phoneCharacters = (value: string) => value.replace(LETTERS, '');

/** A phone field's keydown: letters are blocked as they are typed; shortcuts and keys like Tab pass. */
export function blockPhoneLetters(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && phoneCharacters(event.key) === '')
    event.preventDefault();
}

/** Takes the letters out of a phone field's new value (pasted, dropped) before the form reads it. */
export function dropPhoneLetters(event: ChangeEvent<HTMLInputElement>): void {
  const allowed = phoneCharacters(event.target.value);
  if (allowed !== event.target.value) event.target.value = allowed;
}

/**
 * A phone input's registration (react-hook-form's or `useLightForm`'s) with its letters blocked as they are
 * typed and taken out of pasted text: spread it on the field after its type and labels.
 */
export function phoneInputProps<
  Registration extends { onChange: (event: ChangeEvent<HTMLInputElement>) => unknown },
>(registration: Registration) {
  return {
    ...registration,
    onKeyDown: blockPhoneLetters,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      dropPhoneLetters(event);
      return registration.onChange(event);
    },
  };
}

import type { KeyboardEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { blockPhoneLetters } from './phone-input';

const keyDown = (key: string, modifiers: { ctrlKey?: boolean; metaKey?: boolean } = {}) => {
  const event = { key, ctrlKey: false, metaKey: false, altKey: false, ...modifiers, preventDefault: vi.fn() };
  blockPhoneLetters(event as unknown as KeyboardEvent<HTMLInputElement>);
  return event.preventDefault.mock.calls.length > 0;
};

describe('a phone field', () => {
  it.each(['a', 'Z', 'É', 'ж', '李'])('blocks the letter key %s', (key) => {
    expect(keyDown(key)).toBe(true);
  });

  it.each([
    '0',
    '9',
    '+',
    ' ',
    '(',
    '-',
    '.',
    '#',
    'Tab',
    'Backspace',
    'ArrowLeft',
    'Enter',
  ])('lets %s through (anything but a letter reaches the form, and its rule)', (key) => {
    expect(keyDown(key)).toBe(false);
  });

  it('lets shortcuts through, so text can be pasted (and is checked, not changed)', () => {
    expect(keyDown('v', { ctrlKey: true })).toBe(false);
    expect(keyDown('v', { metaKey: true })).toBe(false);
  });
});

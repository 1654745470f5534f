import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-rules';

describe('passwordProblem', () => {
  it.each([
    'Correct-pw1',
    'Secret-123',
    'tr0mb-Kiwi',
    'ab'.repeat(4),
    'correct horse battery staple',
    `Ab-${'1'.repeat(61)}`,
  ])('accepts %j', async (password) => {
    expect(await passwordProblem(password)).toBeUndefined();
  });

  it.each([
    'password',
    '12345678',
    'Password1',
    'QWERTYUIOP',
    'iloveyou',
    'sunshine1',
  ])('refuses the common password %j', async (password) => {
    expect(await passwordProblem(password)).toBe(
      'This password is one of the most commonly used passwords, which are guessed first. Please choose another.',
    );
  });

  it.each([
    'aaaaaaaa',
    '!!!!!!!!!!!!',
    'ZZZZZZZZZ',
  ])('refuses one character repeated: %j', async (password) => {
    expect(await passwordProblem(password)).toBe('The password must not be one character repeated.');
  });

  it.each([
    ['Ab-1234', 'The password must have at least 8 characters.'],
    [`Ab-${'1'.repeat(62)}`, 'The password must have at most 64 characters.'],
  ])('refuses %j by its length', async (password, message) => {
    expect(await passwordProblem(password)).toBe(message);
  });
});

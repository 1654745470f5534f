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

/**
 * Rules for passwords set by `npm run admin`, ADMIN_PASSWORD, createAdmin or an accepted invitation (not checked at
 * sign-in, which accepts 5 to 64 characters): 8 to 64 characters, not one character repeated, not a commonly used
 * password in any letter case.
 */
export async function passwordProblem(password: string): Promise<string | undefined> {
  const characters = [...password.normalize('NFKC')];
  if (characters.length < MIN_PASSWORD_LENGTH)
    return `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (characters.length > MAX_PASSWORD_LENGTH)
    return `The password must have at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (new Set(characters).size === 1) return 'The password must not be one character repeated.';
  if ((await loadCommonPasswords()).has(characters.join('').toLowerCase()))
    return 'This password is one of the most commonly used passwords, which are guessed first. Please choose another.';
  return undefined;
}

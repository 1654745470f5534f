import { createHash, randomBytes } from 'node:crypto';

/**
 * The random tokens the server hands out (an admin's bearer token, a visitor's hold token, a booking's access
 * token): 32 random bytes as base64url. The database keeps only their sha256, so a copy of it opens nothing.
 */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A header value that can be one of our tokens; anything else is no token. */
export function secretTokenOf(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && TOKEN_PATTERN.test(header) ? header : undefined;
}

/** A header value that can be one of our tokens, hashed; anything else is no token. */
export function secretTokenHashOf(header: string | string[] | undefined): string | undefined {
  const token = secretTokenOf(header);
  return token === undefined ? undefined : hashSecretToken(token);
}

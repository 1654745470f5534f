/**
 * The credential of an `Authorization: Bearer <credential>` header, or undefined for another scheme or none. The
 * scheme is case-insensitive (RFC 9110 section 11.1, as RFC 7235 said: `bearer` and `BEARER` are Bearer); one or
 * more spaces (or tabs) separate it from the credential.
 */
export function bearerCredential(header: string | undefined): string | undefined {
  return /^[ \t]*Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '')?.[1];
}

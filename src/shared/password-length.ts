/* No Zod here: the invitation page shows the rules before its validation code loads. */

/**
 * Staff passwords: 8 to 64 characters (NIST SP 800-63B: at least 64 allowed, so passphrases fit; DESIGN.md sets
 * this over the spec's 12) and not a commonly used one. The server holds the common-password list.
 */
export const PASSWORD_LENGTH = { min: 8, max: 64 } as const;

/** The rules as a person setting a password reads them. */
export const passwordRulesText = `${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters; a few words make a good passphrase. Commonly used passwords are refused.`;

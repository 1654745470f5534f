/* No Zod here: the invitation page shows the rules before its validation code loads. */

/**
 * Staff passwords: 8 to 64 characters (NIST SP 800-63B: at least 64 allowed, so passphrases fit; DESIGN.md sets
 * this over the spec's 12), not a commonly used one, a run or repeat, the e-mail address or the clinic's name. The
 * server holds those rules and the common-password list.
 */
export const PASSWORD_LENGTH = { min: 8, max: 64 } as const;

/** The rules as a person setting a password reads them. */
export const passwordRulesText = `${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters; a few words make a good passphrase. Commonly used passwords, runs such as ‘abcd1234’, your e-mail address and the clinic’s name are refused.`;

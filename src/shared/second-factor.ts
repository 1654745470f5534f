import { z } from 'zod';
import { kindPriceSettingsAnswerShape, kindPriceSettingsShape } from './price-list';

/** What two-step sign-in tells staff: one place for the server's answers and the screens. */
export const secondFactorTexts = {
  required: 'Set up two-step sign-in to continue.',
  wrongCode: 'That code is not right. Check it and try again.',
  usedCode:
    'That code was used already. Enter the next code your app shows, or a recovery code you have not used.',
  wrongPassword: 'That password is not right. Check it and try again.',
  tooManyTries: (wait: string) => `Too many wrong tries. Please wait ${wait} and try again.`,
  challengeEnded: 'This sign-in has ended. Please sign in again.',
  tooManyWrongCodes:
    'That code is not right either, and that was the fifth wrong try: this sign-in has ended. Please sign in again with your password.',
  alreadySetUp: 'An authenticator app is already set up. Remove it first to set up another.',
  noAppToConfirm: 'Start setting up the authenticator app again: no key is waiting for a code.',
  noApp: 'No authenticator app is set up.',
  removeNeedsProof: 'Enter your password, or a code from your authenticator app, to remove it.',
  passkeyFailed: 'The passkey could not be checked. Please try again.',
  passkeyNotFound: 'No such passkey.',
  passkeyStartAgain: 'Adding the passkey took too long. Please start again.',
  codeRequired: 'Enter the code from your authenticator app, or one of your recovery codes.',
  codeTooLong: 'A code has at most 40 characters: enter the 6 digits the app shows, or a recovery code.',
  passkeyUnreadable: 'The passkey’s answer could not be read. Please try again.',
  passkeyNameRequired: 'Give the passkey a name, or leave the field empty.',
  passkeyNameTooLong: 'A passkey’s name has at most 60 characters.',
  passwordTooLong: 'A password has at most 64 characters.',
} as const;

/** The ways to give a second factor; a sign-in's challenge lists those its staff member has. */
const secondFactorMethods = ['totp', 'recovery_code', 'passkey'] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

/** A code from the app (6 digits) or a recovery code (letters and digits, hyphens and spaces ignored). */
const codeSchema = z
  .string({ error: secondFactorTexts.codeRequired })
  .trim()
  .min(1, secondFactorTexts.codeRequired)
  .max(40, secondFactorTexts.codeTooLong);

/** Each part of a passkey's answer says the same: the browser sent something no passkey makes. */
const unreadable = { error: secondFactorTexts.passkeyUnreadable };
const webauthnText = (max: number) => z.string(unreadable).min(1, unreadable).max(max, unreadable);

/** The browser's WebAuthn JSON (registration or assertion), checked by the WebAuthn library on the server. */
const webauthnResponseSchema = z.looseObject(
  {
    id: webauthnText(1400),
    rawId: webauthnText(1400),
    type: z.literal('public-key', unreadable),
    response: z.looseObject({ clientDataJSON: webauthnText(4000) }, unreadable),
  },
  unreadable,
);

/** WebAuthn options as the server's library makes them, handed as they are to the browser's library. */
const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });

export const totpSetupResponseSchema = z.object({
  /** The shared key in base32, for typing into the app. */
  secret: z.string(),
  /** The same as an `otpauth://` address, for the QR code. */
  otpauth_url: z.string(),
});

export const totpConfirmSchema = z.object({ code: codeSchema }).strict();

export const recoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });

/**
 * Removing a second factor (the app, or a passkey) asks for the same proof: the password or a current code (from the
 * app, or a recovery code), one of them.
 */
export const removalProofSchema = z
  .object({
    password: z
      .string({ error: secondFactorTexts.removeNeedsProof })
      .max(64, secondFactorTexts.passwordTooLong)
      .optional(),
    code: codeSchema.optional(),
  })
  .strict();

export const passkeyRegistrationOptionsResponseSchema = z.object({ options: webauthnOptionsSchema });

const passkeyNameSchema = z
  .string({ error: secondFactorTexts.passkeyNameRequired })
  .trim()
  .min(1, secondFactorTexts.passkeyNameRequired)
  .max(60, secondFactorTexts.passkeyNameTooLong);

export const passkeyAddSchema = z
  .object({ name: passkeyNameSchema.optional(), response: webauthnResponseSchema })
  .strict();

const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyResponseSchema = z.object({ passkey: passkeySchema });

/** The account page's view of one's second factors. */
export const secondFactorStatusResponseSchema = z.object({
  totp: z.boolean(),
  recovery_codes_left: z.number().int(),
  passkeys: z.array(passkeySchema),
});
export const passkeyIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The second step of a sign-in: the challenge the login answered, and a code or a passkey's assertion. */
export const secondFactorSignInSchema = z
  .object({
    challenge: z
      .string({ error: secondFactorTexts.challengeEnded })
      .min(20, secondFactorTexts.challengeEnded)
      .max(200, secondFactorTexts.challengeEnded),
    code: codeSchema.optional(),
    passkey: webauthnResponseSchema.optional(),
  })
  .strict();

/** What the login answers instead of a token when a second factor is needed. */
export const secondFactorChallengeSchema = z.object({
  challenge: z.string(),
  methods: z.array(z.enum(secondFactorMethods)),
  /** WebAuthn authentication options, when the staff member has a passkey. */
  passkey: webauthnOptionsSchema.optional(),
});

/** `GET /api/admin/me`'s part about two-step sign-in: whether one is set, and whether the clinic requires it. */
export const meSecondFactorSchema = z.object({ enabled: z.boolean(), required: z.boolean() });

const CONSULTANT_TEXT = 'Choose a consultant from the team.';

/** A change of the clinic's settings: each field left out stays as it is. */
export const clinicSettingsSchema = z
  .object({
    require_second_factor: z.boolean().optional(),
    /** The team member receipts name when their slot names none; null: none. */
    default_consultant_id: z
      .number({ error: CONSULTANT_TEXT })
      .int(CONSULTANT_TEXT)
      .min(1, CONSULTANT_TEXT)
      .max(2_147_483_647, CONSULTANT_TEXT)
      .nullable()
      .optional(),
    /** Each bookable kind's line of the price list (a fee price id); null: none. */
    ...kindPriceSettingsShape,
  })
  .strict();
export const clinicSettingsResponseSchema = z.object({
  settings: z.object({
    require_second_factor: z.boolean(),
    default_consultant_id: z.number().int().nullable(),
    ...kindPriceSettingsAnswerShape,
  }),
});
export const consultantUnknownText = CONSULTANT_TEXT;

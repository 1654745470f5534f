/** Validation and notice texts from the spec (sections 5 and 8). They are contractual, word for word. */
export const texts = {
  required: 'This field is required, please fill in.',
  requiredSpaced: 'This field is required , please fill in.',
  tooShort: 'Text is too short.',
  tooLong: 'Text is too long.',
  mailInvalid: 'Mail is invalid.',
  phoneInvalid: 'Phone number is invalid.',
  signIn: {
    invalidEmail: 'Invalid email',
    required: 'Required',
    tooShort: 'Too Short!',
    tooLong: 'Too Long!',
    failed: 'Invalid email or password',
  },
  defaultError: 'Something went wrong. Try it later.',
  errorTitle: 'Error',
} as const;

/** A text the provider is asked to send. */
export interface TextRequest {
  /** E.164. */
  to: string;
  body: string;
  /** Where the provider posts the message's delivery (signed). */
  statusCallbackUrl: string;
}

/** What the provider said of a text it took: its id (the status callbacks name it) and first status. */
export interface SentText {
  id: string;
  status: string;
}

/**
 * A refusal of the provider: `permanent` when asking again would be refused the same way (a number that cannot
 * receive texts), so the text fails at once with the provider's reason; otherwise it is tried again later.
 */
export class TextProviderError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'TextProviderError';
  }
}

/**
 * An SMS provider (issue 34): sends a text and checks the signature of what it posts back (the status callbacks
 * and the replies). Twilio is the one there is (`twilio-provider.ts`, chosen by `create-text-provider.ts`).
 */
export interface TextProvider {
  readonly name: 'twilio';
  /** Throws TextProviderError. */
  send(request: TextRequest): Promise<SentText>;
  /** Whether `signature` signs this URL and form parameters. */
  isSigned(url: string, params: Record<string, string>, signature: string | undefined): boolean;
  /**
   * The provider's answer to a text it posted to the inbound webhook: a text back to its sender, or none (Twilio
   * reads TwiML; anything else it logs as error 12300).
   */
  answerInbound(message: string | undefined): { contentType: string; body: string };
}

import type { TextProvider } from './text-provider';
import { createTwilioProvider, loadTwilioSdk, type TwilioSettings } from './twilio-provider';

/** Twilio with its settings; none without them: no text is sent, and staff see "texts not set up". */
export async function createTextProvider(
  twilio: TwilioSettings | undefined,
): Promise<TextProvider | undefined> {
  return twilio ? createTwilioProvider(twilio, await loadTwilioSdk()) : undefined;
}

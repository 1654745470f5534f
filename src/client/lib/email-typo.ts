import { POPULAR_DOMAINS, POPULAR_TLDS, run } from '@zootools/email-spell-checker';

/**
 * The e-mail typo check of the booking, referral and contact forms ("Did you mean …@gmail.com?"): mail sent to a
 * mistyped address is the misdirected correspondence that half the breaches notified to the Irish regulator are.
 * Loaded only when a visitor leaves an e-mail field (`email-field.tsx`), so no public page's first JavaScript pays
 * for it. The library's lists, with the domains people in Ireland use.
 */
const IRISH_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.ie',
  'outlook.com',
  'outlook.ie',
  'live.com',
  'live.ie',
  'live.co.uk',
  'yahoo.com',
  'yahoo.ie',
  'yahoo.co.uk',
  'icloud.com',
  'mac.com',
  'eircom.net',
  'eir.ie',
  'vodafone.ie',
  'hse.ie',
  'gmx.com',
];

const domains = [...new Set([...IRISH_DOMAINS, ...POPULAR_DOMAINS])];
const secondLevelDomains = ['gmail', 'hotmail', 'outlook', 'live', 'yahoo', 'icloud', 'eircom'];

/** The address as the visitor may have meant it (their own part as typed, the domain mended), or none. */
export function suggestEmail(typed: string): string | undefined {
  const email = typed.trim();
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1) return undefined;
  const suggestion = run({ email, domains, secondLevelDomains, topLevelDomains: POPULAR_TLDS });
  if (!suggestion || suggestion.domain === email.slice(at + 1).toLowerCase()) return undefined;
  return `${email.slice(0, at)}@${suggestion.domain}`;
}

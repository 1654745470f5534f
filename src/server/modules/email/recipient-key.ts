/** Providers that deliver `a.b@` and `ab@` to one mailbox, and the domain each is counted under. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
};

/**
 * One mailbox's key for a limit per recipient: lower case, the `+tag` of the local part dropped, and for the
 * providers that ignore them the local part's dots (googlemail.com counted as gmail.com), so `Victim+1@Gmail.com`
 * and `v.ictim@googlemail.com` are one recipient. Other domains, Unicode ones included, are only lower-cased: their
 * dots may name other people. Text that is not `local@domain` is only trimmed and lower-cased.
 */
export function recipientKey(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0 || at === lower.length - 1) return lower;
  const domain = lower.slice(at + 1);
  let local = lower.slice(0, at);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (!dotless) return `${local}@${domain}`;
  return `${local.replaceAll('.', '') || local}@${dotless}`;
}

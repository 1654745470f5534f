/** Browsers by the token their user agent carries, the more specific first (Edge and Opera also say Chrome). */
const browsers: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|OPT)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS|HeadlessChrome)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];

const systems: [name: string, pattern: RegExp][] = [
  ['Windows', /\bWindows\b/],
  ['Android', /\bAndroid\b/],
  ['iPhone', /\biPhone\b/],
  ['iPad', /\biPad\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

/**
 * A user agent as a person reads it: 'Firefox 128 on Windows', 'Safari 17 on iPhone'; a client that is not a
 * browser by its product name ('curl'); null when none was sent. Only a summary to recognise one's own devices
 * by, so a dozen common browsers are enough.
 */
export function userAgentSummary(userAgent: string | null): string | null {
  const text = userAgent?.trim();
  if (!text) return null;
  const system = systems.find(([, pattern]) => pattern.test(text))?.[0];
  for (const [name, pattern] of browsers) {
    const version = pattern.exec(text)?.[1];
    if (version) return system ? `${name} ${version} on ${system}` : `${name} ${version}`;
  }
  const product = /^[A-Za-z][\w.-]{0,39}/.exec(text)?.[0];
  if (product && product !== 'Mozilla') return system ? `${product} on ${system}` : product;
  return system ? `A browser on ${system}` : 'Unknown browser';
}

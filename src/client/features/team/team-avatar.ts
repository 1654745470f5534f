/** How many avatar colours team.css defines (`.team-photo--tone-0` …). */
export const AVATAR_TONES = 6;

/** The initials shown for a member without a photo: first and last name's first letters, titles skipped. */
export function avatarInitials(fullName: string): string {
  const words = fullName
    .trim()
    .replace(/^(Dr|Prof|Ms|Mr|Mrs|Miss)\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toLocaleUpperCase('en-IE');
}

/** The member's avatar colour, 0 to AVATAR_TONES - 1: the same name always gets the same one (FNV-1a). */
export function avatarTone(fullName: string): number {
  let hash = 0x811c9dc5;
  for (const char of fullName.trim().toLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % AVATAR_TONES;
}

/** Letters that Unicode decomposition does not turn into ASCII. */
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  '&': ' and ',
};

const MAX_SLUG_LENGTH = 80;

/**
 * The address part of an article made from its title: lower case ASCII words joined by hyphens, accents
 * transliterated ('Éczema & Hay Fever' → 'eczema-and-hay-fever'), at most 80 characters cut between
 * words. A title without any usable letter gives 'article'; an all-digit one is prefixed, so a slug
 * never reads as another article's id in `/article/{slugOrId}`.
 */
export function slugFromTitle(title: string): string {
  const ascii = title
    .toLowerCase()
    .replace(/[ßæœøđðþłı&]/g, (letter) => SPECIAL_LETTERS[letter] ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’`]/g, '');
  const words = ascii.split(/[^a-z0-9]+/).filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG_LENGTH) {
      if (!slug) slug = word.slice(0, MAX_SLUG_LENGTH);
      break;
    }
    slug = next;
  }
  if (!slug) return 'article';
  return /^\d+$/.test(slug) ? `article-${slug}` : slug;
}

/** `base` if it is free, else `base-2`, `base-3`… (the first number not taken). */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

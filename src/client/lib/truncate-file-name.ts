/**
 * A file name as the back office displays it (spec: 27 characters, 33 for an article's attachment):
 * names of up to `max` characters are returned unchanged, longer ones are cut to their first `max`
 * characters followed by '…'. Characters are counted as code points, so an emoji is never split.
 */
export function truncateFileName(name: string, max: number): string {
  const characters = Array.from(name);
  if (characters.length <= max) return name;
  return `${characters.slice(0, Math.max(0, max)).join('')}…`;
}

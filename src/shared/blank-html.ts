/** Entities that stand for white space only. */
const BLANK_ENTITIES = /&(nbsp|#160|#x0*a0|ensp|emsp|thinsp|zwnj|zwj|#8203|#x200b);/gi;

/**
 * True when an HTML fragment shows nothing: no text (white space, &nbsp; and empty tags do not count)
 * and no image. `isBlankHtml('<p></p>')` and `isBlankHtml('<p>&nbsp;<br></p>')` are true,
 * `isBlankHtml('<p><img src="/uploads/a.png"></p>')` is false. Use it to require a rich-text field.
 */
export function isBlankHtml(html: string | null | undefined): boolean {
  if (!html) return true;
  const withoutComments = html.replace(/<!--[\s\S]*?(-->|$)/g, '');
  if (/<img\b/i.test(withoutComments)) return false;
  const text = withoutComments
    .replace(/<[^<>]*>/g, '')
    .replace(BLANK_ENTITIES, '')
    .replace(/[\s\u00a0\u200b-\u200d\ufeff]/g, '');
  return text.length === 0;
}

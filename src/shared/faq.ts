import { z } from 'zod';
import { formFlagSchema, pagedListSchema, recordIdParams } from './api/common-schemas';
import { isBlankHtml } from './blank-html';
import { adminListQuerySchema, paginationQuerySchema } from './pagination';
import { isOneLine, texts } from './validation-texts';

const faQuestionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text, or sanitised HTML when `asHtml` is true. */
  answer: z.string(),
  asHtml: z.boolean(),
});
export type FaQuestion = z.infer<typeof faQuestionSchema>;

export const faQuestionsResponseSchema = pagedListSchema('fa_questions', faQuestionSchema);

export const faQuestionsQuerySchema = paginationQuerySchema.strict();

// ---------------------------------------------------------------------------------------------------
// Back office: /api/admin/fa_questions

export const faQuestionResponseSchema = z.object({ fa_question: faQuestionSchema });

export const adminFaQuestionsQuerySchema = adminListQuerySchema.strict();
export const faQuestionIdParams = recordIdParams('FAQ');

export const FAQ_LIMITS = { title: 255, answer: 20_000 } as const;

/** The admin list's Answer column shows this many characters, then an ellipsis (spec section 9). */
const FAQ_ANSWER_PREVIEW_LENGTH = 50;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes character references (`&amp;`, `&#8364;`, `&#x41;`) and the common named entities. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** Tags that separate words: blocks, line breaks, list items, table cells. */
const BLOCK_TAG =
  /<\/?(p|div|br|li|ul|ol|h[1-6]|blockquote|pre|hr|table|tr|td|th|figure|figcaption|section)\b[^<>]*>/gi;

/** The text an HTML fragment shows: tags dropped (blocks become spaces), common entities decoded. */
export function htmlToText(html: string): string {
  return decodeHtmlEntities(
    html
      .replace(/<!--[\s\S]*?(-->|$)/g, '')
      .replace(/<(script|style)\b[\s\S]*?(<\/\1\s*>|$)/gi, '')
      .replace(BLOCK_TAG, ' ')
      .replace(/<[^<>]*>/g, ''),
  )
    .replace(/[\s\u00a0\u200b-\u200d\ufeff]+/g, ' ')
    .trim();
}

/** The admin list's Answer column: the answer's text cut to 50 characters plus an ellipsis. */
export function answerPreview(question: Pick<FaQuestion, 'answer' | 'asHtml'>): string {
  const text = question.asHtml ? htmlToText(question.answer) : question.answer.replace(/\s+/g, ' ').trim();
  const characters = Array.from(text);
  return characters.length > FAQ_ANSWER_PREVIEW_LENGTH
    ? `${characters.slice(0, FAQ_ANSWER_PREVIEW_LENGTH).join('').trimEnd()}…`
    : text;
}

/** `asHtml` from a checkbox (boolean), a multipart field ('true'/'false') or left out (plain text). */
const asHtmlSchema = formFlagSchema('asHtml');

/**
 * The FAQ form and `POST`/`PUT /api/admin/fa_questions` (spec section 5: title and answer required).
 * An HTML answer with no text (`<p></p>`) counts as empty. The server sanitises HTML answers after this.
 */
export const faqFormSchema = z
  .object({
    title: z
      .string({ error: texts.required })
      .trim()
      .min(1, texts.required)
      .max(FAQ_LIMITS.title, texts.tooLong)
      .refine(isOneLine, texts.notAllowedCharacters),
    answer: z
      .string({ error: texts.required })
      // Multipart bodies carry line breaks as CRLF (as browsers send them); they are stored as LF.
      .overwrite((value) => value.replace(/\r\n?/g, '\n'))
      .trim()
      .max(FAQ_LIMITS.answer, texts.tooLong),
    asHtml: asHtmlSchema,
  })
  .strict()
  .superRefine(
    (value, ctx) => {
      if (typeof value.answer !== 'string' || value.answer.length > FAQ_LIMITS.answer) return;
      const blank = value.asHtml ? isBlankHtml(value.answer) : value.answer === '';
      if (blank) ctx.addIssue({ code: 'custom', path: ['answer'], message: texts.required });
    },
    // Also when the title is missing, so the form shows both messages at once.
    { when: (payload) => typeof (payload.value as { answer?: unknown })?.answer === 'string' },
  );

export type FaqFormValues = z.output<typeof faqFormSchema>;

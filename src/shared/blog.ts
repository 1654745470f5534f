import { z } from 'zod';
import {
  MAX_RECORD_ID,
  optionalFormFileSchema,
  pagedListSchema,
  recordIdParams,
  storedFileSchema,
} from './api/common-schemas';
import { isBlankHtml } from './blank-html';
import { adminListQuerySchema, paginationQuerySchema } from './pagination';
import { isOneLine, texts } from './validation-texts';

/**
 * A stored image as the public site shows it (variants at `{url}/w400`, `{url}/w800`), with its alt text
 * (empty when staff described it as decoration).
 */
const publicImageSchema = z.object({ url: z.string(), alt: z.string() });

const blogSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  /** ISO 8601. */
  published_at: z.string(),
  video_url: z.string().nullable(),
  icon: publicImageSchema.nullable(),
  attachment: storedFileSchema.nullable(),
});
export type Blog = z.infer<typeof blogSchema>;

/** A card of the public list: what the card shows, not the article's HTML. */
const blogSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  /** Plain text: about BLOG_EXCERPT_LENGTH characters of the article, cut on a word, plus '…'. */
  excerpt: z.string(),
  /** ISO 8601. */
  published_at: z.string(),
  icon: publicImageSchema.nullable(),
});
export type BlogSummary = z.infer<typeof blogSummarySchema>;

/** About 200 characters of text on each card (spec section 9). */
export const BLOG_EXCERPT_LENGTH = 200;

export const blogsResponseSchema = pagedListSchema('blogs', blogSummarySchema);

export const blogResponseSchema = z.object({ blog: blogSchema });
export type BlogResponse = z.infer<typeof blogResponseSchema>;

export const blogsQuerySchema = paginationQuerySchema.strict();

const ARTICLE_NOT_FOUND = 'Article not found';
/** Slugs are lower-case ASCII words joined by hyphens; an id is all digits, so it reads as one too. */
const SLUG_OR_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Longer than any slug (80 characters and a `-n` suffix); anything longer is no article's address. */
const ADDRESS_MAX = 200;

/**
 * `/api/blogs/{slugOrId}`: an article's slug or its id (the spec accepts both); anything else answers
 * 404 'Article not found'. Read as the slug and, when it can be a record id, that id too.
 */
export const blogAddressParams = z.object({
  slugOrId: z
    .string({ error: ARTICLE_NOT_FOUND })
    .max(ADDRESS_MAX, ARTICLE_NOT_FOUND)
    .regex(SLUG_OR_ID, ARTICLE_NOT_FOUND)
    .transform((slug) => {
      const id = /^\d{1,10}$/.test(slug) ? Number(slug) : 0;
      return { slug, id: id >= 1 && id <= MAX_RECORD_ID ? id : undefined };
    }),
});

export const articleIdParams = recordIdParams('Article');

// ---------------------------------------------------------------------------------------------------
// Back office (/api/admin/blogs)

/** A row of the back-office list: no content, so a page of long articles stays small. */
const adminBlogSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  /** ISO 8601; later than now means the article is scheduled (hidden from the public until then). */
  published_at: z.string(),
});
export type AdminBlogSummary = z.infer<typeof adminBlogSummarySchema>;

export const adminBlogsResponseSchema = pagedListSchema('blogs', adminBlogSummarySchema);

/** An article as the back office edits it: also unpublished ones, with the stored files' names. */
const adminBlogSchema = blogSchema.extend({
  icon: storedFileSchema.nullable(),
  /** The cover's description (alt text); empty: decoration. */
  icon_alt: z.string(),
  /** ISO 8601. */
  updated_at: z.string(),
});
export type AdminBlog = z.infer<typeof adminBlogSchema>;

export const adminBlogResponseSchema = z.object({ blog: adminBlogSchema });

/** `GET /api/admin/blogs`: page, per_page (default 10) and `title` (the spec's name) or `search`. */
export const adminBlogsQuerySchema = adminListQuerySchema
  .extend({ title: z.string().trim().max(200, 'title is at most 200 characters').optional() })
  .strict();

export const ARTICLE_TITLE_MAX = 200;
/** Characters of HTML: far above any real article, low enough that no request fills the database. */
export const ARTICLE_CONTENT_MAX = 200_000;
export const ARTICLE_VIDEO_URL_MAX = 500;
/** A cover's alt text: a sentence, as screen readers read it in one go. */
export const ARTICLE_ICON_ALT_MAX = 250;

export const articleTexts = {
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  iconAltInvalid: 'Describe the image in words.',
  videoUrlInvalid: 'Enter a web address starting with https:// or http://, for example a YouTube link.',
  publishedAtInvalid: 'Enter a valid date and time.',
} as const;

function isWebAddress(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const PUBLISHED_AT =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * The publication date as a form or a request sends it: `YYYY-MM-DD` (midnight), `YYYY-MM-DDTHH:mm[:ss]`
 * (both in clinic time, what a datetime-local input gives) or an ISO 8601 date-time with its offset.
 */
export function parsePublishedAtParts(value: string) {
  const match = PUBLISHED_AT.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const check = new Date(Date.UTC(year, month - 1, day));
  const validDay = check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
  if (!validDay || year < 1900 || year > 2999 || hour > 23 || minute > 59 || second > 59) return undefined;
  return { year, month, day, hour, minute, second, offset: match[7] };
}

/**
 * The article form's text fields: the browser's form and the API validate with this one schema.
 * `video_url` and `published_at` may be empty: no video; publish now (create) or keep the date (update).
 */
export const articleFormSchema = z.object({
  title: z
    .string({ error: articleTexts.titleRequired })
    .trim()
    .min(1, articleTexts.titleRequired)
    .max(ARTICLE_TITLE_MAX, texts.tooLong)
    .refine(isOneLine, texts.notAllowedCharacters),
  content: z
    .string({ error: articleTexts.contentRequired })
    .max(ARTICLE_CONTENT_MAX, texts.tooLong)
    // Too long is reported by max(); the blank check then does not read a megabyte of markup.
    .refine((html) => html.length > ARTICLE_CONTENT_MAX || !isBlankHtml(html), articleTexts.contentRequired),
  video_url: z
    .string({ error: articleTexts.videoUrlInvalid })
    .trim()
    .max(ARTICLE_VIDEO_URL_MAX, texts.tooLong)
    // A URL parser keeps a tag character or soft hyphen in the path (and drops a word joiner from the host), so
    // the address as typed, which is what is stored and served, is checked for one line of visible characters.
    .refine(isOneLine, { message: texts.notAllowedCharacters, abort: true })
    .refine((url) => url === '' || isWebAddress(url), articleTexts.videoUrlInvalid)
    .optional(),
  icon_alt: z
    .string({ error: articleTexts.iconAltInvalid })
    .trim()
    .max(ARTICLE_ICON_ALT_MAX, texts.tooLong)
    .refine(isOneLine, texts.notAllowedCharacters)
    .optional(),
  published_at: z
    .string({ error: articleTexts.publishedAtInvalid })
    .trim()
    .refine(
      (date) => date === '' || parsePublishedAtParts(date) !== undefined,
      articleTexts.publishedAtInvalid,
    )
    .optional(),
});

/** A multipart form sends `'true'`; a JSON body may send `true`. */
const removeFlag = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: 'Send true or false.' })
  .transform((flag) => flag === true || flag === 'true')
  .optional();

/**
 * `POST /api/admin/blogs` and `PUT /api/admin/blogs/{id}`: the form's fields (sent as `blog[title]`, …),
 * the files `icon` and `attachment`, and `remove_icon` / `remove_attachment` to drop a stored file.
 */
export const articleRequestSchema = articleFormSchema
  .extend({
    icon: optionalFormFileSchema,
    attachment: optionalFormFileSchema,
    remove_icon: removeFlag,
    remove_attachment: removeFlag,
  })
  .strict();

export type ArticleRequest = z.output<typeof articleRequestSchema>;

/** The article form's files, and how each is checked (spec sections 5 and 9). */
export const ARTICLE_FILE_KINDS = { icon: 'image', attachment: 'pdf' } as const;

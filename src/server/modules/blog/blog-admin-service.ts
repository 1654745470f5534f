import { TZDate } from '@date-fns/tz';
import { isBlankHtml } from '../../../shared/blank-html';
import {
  type AdminBlog,
  ARTICLE_FILE_KINDS,
  type ArticleRequest,
  articleTexts,
  parsePublishedAtParts,
} from '../../../shared/blog';
import { clinic } from '../../../shared/clinic';
import type { Db } from '../../db/database';
import { fieldError, notFound, refused } from '../../domain-errors';
import { type Actor, auditChange } from '../audit/audit-log';
import { deleteFiles, storeUpload } from '../uploads/file-repository';
import { type PreparedUpload, prepareUpload } from '../uploads/upload-checks';
import { slugFromTitle } from './article-slug';
import {
  type ArticleRow,
  type ArticleValues,
  deleteArticle,
  findAdminBlog,
  findArticleRow,
  insertArticle,
  updateArticle,
} from './blog-admin-repository';
import { articleExcerpt } from './blog-repository';
import { SANITIZER_VERSION, sanitizeArticleHtml } from './sanitize-html';

const ENTITY = 'blog';

type FileKey = keyof typeof ARTICLE_FILE_KINDS;
const FILE_KEYS = Object.keys(ARTICLE_FILE_KINDS) as FileKey[];
const columnOfFile = { icon: 'iconFileId', attachment: 'attachmentFileId' } as const;

type PreparedUploads = Partial<Record<FileKey, PreparedUpload>>;

/** Checks every file sent (and makes an image's variants) before any is stored. */
async function prepareUploads(form: ArticleRequest): Promise<PreparedUploads> {
  const prepared = await Promise.all(
    FILE_KEYS.map(async (key) => {
      const file = form[key];
      return file ? ([key, await prepareUpload(file, ARTICLE_FILE_KINDS[key], key)] as const) : undefined;
    }),
  );
  return Object.fromEntries(prepared.filter((entry) => entry !== undefined));
}

/** Stores the prepared files in the change's transaction; answers their ids by field. */
async function storeUploads(tx: Db, prepared: PreparedUploads): Promise<Partial<Record<FileKey, string>>> {
  const stored: Partial<Record<FileKey, string>> = {};
  for (const key of FILE_KEYS) {
    const upload = prepared[key];
    if (upload) stored[key] = await storeUpload(tx, upload, 'public');
  }
  return stored;
}

/** A validated publication date: with an offset as given, else read in clinic time (Europe/Dublin). */
function publishedAtDate(value: string): Date {
  const parts = parsePublishedAtParts(value);
  if (!parts) throw refused('article_date_invalid', articleTexts.publishedAtInvalid);
  if (parts.offset) return new Date(value);
  const { year, month, day, hour, minute, second } = parts;
  return new Date(new TZDate(year, month - 1, day, hour, minute, second, clinic.timeZone).getTime());
}

/** The sanitised content; '<script>…</script>' is not blank as typed, but nothing of it is left to show. */
function sanitizedContent(form: ArticleRequest): string {
  const content = sanitizeArticleHtml(form.content);
  if (isBlankHtml(content)) {
    const message = articleTexts.contentRequired;
    throw refused('article_content_invalid', message, fieldError('content', message));
  }
  return content;
}

/** The text columns: an omitted video address or an empty date keeps the stored one (now on create). */
function textValues(form: ArticleRequest, content: string, current?: ArticleRow) {
  const videoUrl = form.video_url === undefined ? (current?.videoUrl ?? null) : form.video_url || null;
  const publishedAt = form.published_at
    ? publishedAtDate(form.published_at)
    : (current?.publishedAt ?? new Date());
  const iconAlt = form.icon_alt ?? current?.iconAlt ?? '';
  return {
    title: form.title,
    content,
    sanitizerVersion: SANITIZER_VERSION,
    ...articleExcerpt(content),
    videoUrl,
    iconAlt,
    publishedAt,
  };
}

async function answer(db: Db, id: number): Promise<AdminBlog> {
  const blog = await findAdminBlog(db, id);
  if (!blog) throw notFound('Article not found');
  return blog;
}

/**
 * Adds an article under a slug made from its title: the files (checked, images resized first), the row
 * and its audit entry in one transaction.
 */
export async function createArticle(db: Db, actor: Actor, form: ArticleRequest): Promise<AdminBlog> {
  const content = sanitizedContent(form);
  const prepared = await prepareUploads(form);
  return db.transaction(async (tx) => {
    const values = textValues(form, content);
    const stored = await storeUploads(tx, prepared);
    const row = await insertArticle(tx, slugFromTitle(values.title), {
      ...values,
      iconFileId: stored.icon ?? null,
      // A description describes a cover: none is kept without one.
      iconAlt: stored.icon ? values.iconAlt : '',
      attachmentFileId: stored.attachment ?? null,
    });
    await auditChange(tx, actor, 'create', ENTITY, row.id, { slug: row.slug });
    return answer(tx, row.id);
  });
}

const apiNameOfField = {
  title: 'title',
  content: 'content',
  videoUrl: 'video_url',
  iconAlt: 'icon_alt',
} as const;

function changedFields(before: ArticleRow, after: ArticleValues): string[] {
  return [
    ...(['title', 'content', 'videoUrl', 'iconAlt'] as const)
      .filter((field) => before[field] !== after[field])
      .map((field) => apiNameOfField[field]),
    ...(before.publishedAt.getTime() !== after.publishedAt.getTime() ? ['published_at'] : []),
    ...FILE_KEYS.filter((key) => before[columnOfFile[key]] !== after[columnOfFile[key]]),
  ];
}

/**
 * Saves an edited article (its slug never changes). A file field left out keeps the stored file; a new
 * file replaces it and `remove_*` drops it; the replaced or removed file is deleted in the same
 * transaction, with the audit entry naming the changed fields.
 */
export async function changeArticle(
  db: Db,
  actor: Actor,
  id: number,
  form: ArticleRequest,
): Promise<AdminBlog> {
  // A missing article answers 404 before its content or files are looked at.
  if (!(await findArticleRow(db, id))) throw notFound('Article not found');
  const content = sanitizedContent(form);
  const prepared = await prepareUploads(form);
  return db.transaction(async (tx) => {
    const current = await findArticleRow(tx, id);
    if (!current) throw notFound('Article not found');
    const stored = await storeUploads(tx, prepared);
    const remove = { icon: form.remove_icon === true, attachment: form.remove_attachment === true };
    const text = textValues(form, content, current);
    const iconFileId = stored.icon ?? (remove.icon ? null : current.iconFileId);
    const values: ArticleValues = {
      ...text,
      iconFileId,
      iconAlt: iconFileId ? text.iconAlt : '',
      attachmentFileId: stored.attachment ?? (remove.attachment ? null : current.attachmentFileId),
    };
    if (!(await updateArticle(tx, id, values))) throw notFound('Article not found');
    const dropped = FILE_KEYS.flatMap((key) => {
      const before = current[columnOfFile[key]];
      return before && before !== values[columnOfFile[key]] ? [before] : [];
    });
    await deleteFiles(tx, dropped);
    await auditChange(tx, actor, 'update', ENTITY, id, { fields: changedFields(current, values) });
    return answer(tx, id);
  });
}

/** Deletes an article and its files. */
export async function removeArticle(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteArticle(tx, id);
    if (!row) throw notFound('Article not found');
    await deleteFiles(tx, [row.iconFileId, row.attachmentFileId]);
    await auditChange(tx, actor, 'delete', ENTITY, id, { slug: row.slug, title: row.title });
  });
}

import { TZDate } from '@date-fns/tz';
import {
  ARTICLE_FILE_FIELDS,
  type ArticleRequest,
  articleTexts,
  isBlankArticleHtml,
  parsePublishedAtParts,
} from '../../../shared/blog';
import { clinic } from '../../../shared/clinic';
import type { Db } from '../../db/database';
import { HttpError, notFound } from '../../http/http-errors';
import type { UploadedFile } from '../../http/multipart-form';
import { deleteFiles, storeUpload } from '../uploads/file-repository';
import { prepareUpload } from '../uploads/upload-checks';
import { slugFromTitle } from './article-slug';
import {
  type ArticleRow,
  type ArticleValues,
  deleteArticle,
  findArticleRow,
  insertArticle,
  updateArticle,
} from './blog-admin-repository';
import { sanitizeArticleHtml } from './sanitize-html';

type FileKey = keyof typeof ARTICLE_FILE_FIELDS;
const FILE_KEYS = Object.keys(ARTICLE_FILE_FIELDS) as FileKey[];
const errorKey = (key: FileKey) => `blog.${key}`;

/** The article's files from a parsed form; a file under any other field name is refused. */
export function articleUploads(files: Map<string, UploadedFile>): Partial<Record<FileKey, UploadedFile>> {
  const uploads: Partial<Record<FileKey, UploadedFile>> = {};
  for (const [field, file] of files) {
    const key = FILE_KEYS.find((candidate) => ARTICLE_FILE_FIELDS[candidate].field === field);
    if (!key) throw new HttpError(422, `Unknown field: ${field}`, { [field]: ['Unknown field.'] });
    uploads[key] = file;
  }
  return uploads;
}

/** Checks every upload before storing any, then stores them; if one fails, those stored are deleted. */
async function storeUploads(
  db: Db,
  uploads: Partial<Record<FileKey, UploadedFile>>,
): Promise<Partial<Record<FileKey, string>>> {
  const checked = await Promise.all(
    FILE_KEYS.map(async (key) => {
      const file = uploads[key];
      return file
        ? { key, upload: await prepareUpload(file, ARTICLE_FILE_FIELDS[key].kind, errorKey(key)) }
        : undefined;
    }),
  );
  const stored: Partial<Record<FileKey, string>> = {};
  try {
    for (const item of checked) {
      if (!item) continue;
      stored[item.key] = await storeUpload(db, item.upload, 'public');
    }
  } catch (error) {
    await deleteFiles(db, Object.values(stored));
    throw error;
  }
  return stored;
}

/** A validated publication date: with an offset as given, else read in clinic time (Europe/Dublin). */
export function publishedAtDate(value: string): Date {
  const parts = parsePublishedAtParts(value);
  if (!parts) throw new HttpError(422, articleTexts.publishedAtInvalid);
  if (parts.offset) return new Date(value);
  const { year, month, day, hour, minute, second } = parts;
  return new Date(new TZDate(year, month - 1, day, hour, minute, second, clinic.timeZone).getTime());
}

function textValues(form: ArticleRequest, current?: ArticleRow) {
  const content = sanitizeArticleHtml(form.content);
  // '<script>…</script>' is not blank as typed, but nothing of it is left to show.
  if (isBlankArticleHtml(content)) {
    const message = articleTexts.contentRequired;
    throw new HttpError(422, message, { 'blog.content': [message] });
  }
  const videoUrl = form.video_url === undefined ? (current?.videoUrl ?? null) : form.video_url || null;
  const publishedAt = form.published_at
    ? publishedAtDate(form.published_at)
    : (current?.publishedAt ?? new Date());
  return { title: form.title, content, videoUrl, publishedAt };
}

export async function createArticle(
  db: Db,
  form: ArticleRequest,
  uploads: Partial<Record<FileKey, UploadedFile>>,
): Promise<ArticleRow> {
  const values = textValues(form);
  const stored = await storeUploads(db, uploads);
  try {
    return await insertArticle(db, slugFromTitle(values.title), {
      ...values,
      iconFileId: stored.icon ?? null,
      attachmentFileId: stored.attachment ?? null,
    });
  } catch (error) {
    await deleteFiles(db, Object.values(stored));
    throw error;
  }
}

const columnOfFile = { icon: 'iconFileId', attachment: 'attachmentFileId' } as const;

/**
 * Saves an edited article. A file field left out keeps the stored file; a new file replaces it and
 * `remove_*` drops it; the replaced or removed file is deleted once the article no longer points to it.
 * Answers the saved row and the names of the fields that changed (for the audit log).
 */
export async function saveArticle(
  db: Db,
  id: number,
  form: ArticleRequest,
  uploads: Partial<Record<FileKey, UploadedFile>>,
): Promise<{ row: ArticleRow; changed: string[] }> {
  const current = await findArticleRow(db, id);
  if (!current) throw notFound('Article');
  const text = textValues(form, current);
  const stored = await storeUploads(db, uploads);
  const remove = { icon: form.remove_icon === true, attachment: form.remove_attachment === true };
  const values: ArticleValues = {
    ...text,
    iconFileId: stored.icon ?? (remove.icon ? null : current.iconFileId),
    attachmentFileId: stored.attachment ?? (remove.attachment ? null : current.attachmentFileId),
  };
  let row: ArticleRow | undefined;
  try {
    row = await updateArticle(db, id, values);
  } catch (error) {
    await deleteFiles(db, Object.values(stored));
    throw error;
  }
  if (!row) {
    await deleteFiles(db, Object.values(stored));
    throw notFound('Article');
  }
  const dropped = FILE_KEYS.flatMap((key) => {
    const before = current[columnOfFile[key]];
    return before && before !== values[columnOfFile[key]] ? [before] : [];
  });
  await deleteFiles(db, dropped);
  const changed = [
    ...(['title', 'content', 'videoUrl'] as const)
      .filter((field) => current[field] !== values[field])
      .map((field) => (field === 'videoUrl' ? 'video_url' : field)),
    ...(current.publishedAt.getTime() !== values.publishedAt.getTime() ? ['published_at'] : []),
    ...FILE_KEYS.filter((key) => current[columnOfFile[key]] !== values[columnOfFile[key]]),
  ];
  return { row, changed };
}

/** Deletes an article and its files. */
export async function removeArticle(db: Db, id: number): Promise<ArticleRow> {
  const row = await deleteArticle(db, id);
  if (!row) throw notFound('Article');
  await deleteFiles(db, [row.iconFileId, row.attachmentFileId]);
  return row;
}

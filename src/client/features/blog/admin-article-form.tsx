import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { type AdminBlog, ARTICLE_ICON_ALT_MAX, articleFormSchema } from '../../../shared/blog';
import { MAX_UPLOAD_BYTES, uploadRules } from '../../../shared/uploads';
import { texts } from '../../../shared/validation-texts';
import { AdminFormHeader } from '../../components/admin-page/admin-form-header';
import { useAdminForm } from '../../components/admin-page/use-admin-form';
import type { FileFieldValue } from '../../components/file-field/file-field';
import { FileField } from '../../components/file-field/file-field';
import { FieldErrorMessage } from '../../components/form-field/field-error-message';
import { TextField } from '../../components/form-field/text-field';
import { LazyRichTextEditor } from '../../components/rich-text-editor/lazy-rich-text-editor';
import { appendFileField } from '../../lib/form-data';
import { useSaveArticle } from './admin-blog-api';
import { formatAdminDateTime, isScheduled, toClinicDateTimeLocal } from './admin-blog-format';

const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / 1024 / 1024;
const TOO_LARGE = `The file is larger than ${MAX_UPLOAD_MB} MB. Choose a smaller one.`;

const fileValue = z
  .custom<FileFieldValue>()
  .refine((value) => value.kind !== 'new' || value.file.size <= MAX_UPLOAD_BYTES, TOO_LARGE);

/** The shared article schema (the API validates with it too), plus the two file fields. */
const formSchema = articleFormSchema.extend({ icon: fileValue, attachment: fileValue });

type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const storedFile = (file: { url: string; name: string } | null): FileFieldValue =>
  file ? { kind: 'stored', url: file.url, name: file.name } : { kind: 'none' };

function initialValues(blog: AdminBlog | undefined): FormInput {
  return {
    title: blog?.title ?? '',
    content: blog?.content ?? '',
    video_url: blog?.video_url ?? '',
    icon_alt: blog?.icon_alt ?? '',
    published_at: blog ? toClinicDateTimeLocal(blog.published_at) : '',
    icon: storedFile(blog?.icon ?? null),
    attachment: storedFile(blog?.attachment ?? null),
  };
}

/** The multipart body of `POST /api/admin/blogs` or `PUT /api/admin/blogs/{id}`. */
function articleBody(values: FormOutput, initialPublishedAt: string): FormData {
  const body = new FormData();
  body.append('blog[title]', values.title);
  body.append('blog[content]', values.content);
  body.append('blog[video_url]', values.video_url ?? '');
  body.append('blog[icon_alt]', values.icon_alt ?? '');
  // Sent only when changed: the field shows minutes, and an untouched date keeps its seconds.
  if (values.published_at && values.published_at !== initialPublishedAt)
    body.append('blog[published_at]', values.published_at);
  appendFileField(body, 'blog[icon]', values.icon, 'blog[remove_icon]');
  appendFileField(body, 'blog[attachment]', values.attachment, 'blog[remove_attachment]');
  return body;
}

/**
 * The article form (create, or edit `blog`): title, rich-text content (the editor is downloaded only
 * here), cover image, PDF, video address and publication date, checked with the API's own schema.
 */
export function ArticleForm({ blog }: { blog?: AdminBlog }) {
  const save = useSaveArticle(blog?.id);
  const ids = { content: useId(), contentLabel: useId(), contentError: useId(), contentHint: useId() };
  const defaults = initialValues(blog);
  const {
    register,
    control,
    onSubmit,
    formState: { errors },
  } = useAdminForm({
    schema: formSchema,
    defaultValues: defaults,
    save,
    toBody: (values) => articleBody(values, defaults.published_at ?? ''),
    notice: blog ? texts.notices.articleUpdated : texts.notices.articleCreated,
    listPath: '/admin/blog',
  });

  const scheduled = blog && isScheduled(blog.published_at);
  const publishedHint = blog
    ? 'Clinic time (Dublin). A date in the future keeps the article hidden from the public until then.'
    : 'Clinic time (Dublin). Leave it empty to publish when you save; a date in the future keeps the article hidden from the public until then.';

  return (
    <>
      <AdminFormHeader
        title={blog ? 'Edit article' : 'Add article'}
        backTo="/admin/blog"
        backLabel="Back to the articles"
      >
        {blog && !scheduled && (
          <a
            className="button button--secondary button--small"
            href={`/article/${encodeURIComponent(blog.slug)}`}
            target="_blank"
            rel="noopener"
          >
            View on the website<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </AdminFormHeader>
      {blog && scheduled && (
        <p className="admin-blog__notice">
          Scheduled: the public sees this article from {formatAdminDateTime(blog.published_at)}.
        </p>
      )}
      <form className="admin-form" noValidate onSubmit={onSubmit} aria-busy={save.isPending || undefined}>
        <TextField
          label="Title"
          required
          autoComplete="off"
          error={errors.title?.message}
          {...register('title')}
        />

        <Controller
          control={control}
          name="content"
          render={({ field, fieldState }) => (
            <div className="field">
              <span id={ids.contentLabel} className="field__label">
                Content
              </span>
              <p id={ids.contentHint} className="field__hint">
                Use the toolbar for headings, lists, links and quotes.
              </p>
              <LazyRichTextEditor
                id={ids.content}
                labelledBy={ids.contentLabel}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                invalid={Boolean(fieldState.error)}
                describedBy={fieldState.error ? `${ids.contentHint} ${ids.contentError}` : ids.contentHint}
              />
              {fieldState.error && (
                <FieldErrorMessage id={ids.contentError}>{fieldState.error.message}</FieldErrorMessage>
              )}
            </div>
          )}
        />

        <Controller
          control={control}
          name="icon"
          render={({ field, fieldState }) => (
            <FileField
              label="Cover image"
              hint={`A .jpg, .jpeg or .png image, up to ${MAX_UPLOAD_MB} MB. Shown on the blog list and at the top of the article.`}
              accept=".jpg,.jpeg,.png,image/jpeg,image/png"
              allowedExtensions={uploadRules.image.extensions}
              maxNameLength={27}
              value={field.value}
              onChange={field.onChange}
              ref={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />

        <TextField
          label="Cover image description"
          autoComplete="off"
          hint="What the image shows, for people who cannot see it (read by screen readers). Leave empty if it is only decoration."
          maxLength={ARTICLE_ICON_ALT_MAX}
          error={errors.icon_alt?.message}
          {...register('icon_alt')}
        />

        <Controller
          control={control}
          name="attachment"
          render={({ field, fieldState }) => (
            <FileField
              label="PDF attachment"
              hint={`A .pdf file, up to ${MAX_UPLOAD_MB} MB. Readers can open it under the article.`}
              accept=".pdf,application/pdf"
              allowedExtensions={uploadRules.pdf.extensions}
              maxNameLength={33}
              value={field.value}
              onChange={field.onChange}
              ref={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />

        <TextField
          label="Video URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://www.youtube.com/watch?v=…"
          hint="Optional. A YouTube link plays in the article; any other link is shown as a link."
          error={errors.video_url?.message}
          {...register('video_url')}
        />

        <TextField
          label="Publication date"
          type="datetime-local"
          hint={publishedHint}
          error={errors.published_at?.message}
          {...register('published_at')}
        />

        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : blog ? 'Save changes' : 'Save'}
          </button>
          <Link className="admin-form__cancel" to="/admin/blog">
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}

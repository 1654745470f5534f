import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { FAQ_LIMITS, type FaQuestion, faqFormSchema } from '../../../shared/faq';
import { texts } from '../../../shared/validation-texts';
import { AdminFormHeader } from '../../components/admin-page/admin-form-header';
import { AdminRecordPage } from '../../components/admin-page/admin-record-page';
import { useAdminForm } from '../../components/admin-page/use-admin-form';
import { FieldErrorMessage } from '../../components/form-field/field-error-message';
import { TextField } from '../../components/form-field/text-field';
import { LazyRichTextEditor } from '../../components/rich-text-editor/lazy-rich-text-editor';
import type { RouteHandle } from '../../lib/route-handle';
import { htmlToPlain, plainToHtml } from './answer-format';
import { useAdminFaQuestion, useSaveFaQuestion } from './faq-admin-api';
import './faq-admin.css';

export const handle: RouteHandle = {
  head: ({ params }) => ({
    title: params.id ? 'Edit FAQ' : 'Add FAQ',
    description: 'A question and answer shown on the website.',
    noindex: true,
  }),
};

const LIST_PATH = '/admin/faq';
const BACK_LABEL = 'Back to the FAQ list';

/** /admin/faq/add and /admin/faq/edit/{id}. */
export function Component() {
  const id = useParams().id;
  return id ? <EditFaq id={id} /> : <FaqForm />;
}

function EditFaq({ id }: { id: string }) {
  const record = useAdminFaQuestion(id);
  return (
    <AdminRecordPage record={record} what="FAQ" title="Edit FAQ" backTo={LIST_PATH} backLabel={BACK_LABEL}>
      {({ fa_question }) => <FaqForm key={id} question={fa_question} />}
    </AdminRecordPage>
  );
}

function FaqForm({ question }: { question?: FaQuestion }) {
  const save = useSaveFaQuestion(question ? String(question.id) : undefined);
  const answerId = useId();
  const labelId = `${answerId}-label`;
  const hintId = `${answerId}-hint`;
  const errorId = `${answerId}-error`;
  const {
    register,
    control,
    onSubmit,
    getValues,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useAdminForm({
    schema: faqFormSchema,
    defaultValues: {
      title: question?.title ?? '',
      answer: question?.answer ?? '',
      asHtml: question?.asHtml ?? false,
    },
    save,
    toBody: (values) => values,
    notice: question ? texts.notices.faqUpdated : texts.notices.faqCreated,
    listPath: LIST_PATH,
  });
  const asHtml = watch('asHtml') === true;

  const answerError = errors.answer?.message;
  const describedBy = [hintId, answerError ? errorId : undefined].filter(Boolean).join(' ');

  return (
    <>
      <AdminFormHeader title={question ? 'Edit FAQ' : 'Add FAQ'} backTo={LIST_PATH} backLabel={BACK_LABEL} />
      <form className="admin-form" noValidate onSubmit={onSubmit}>
        <TextField
          label="Title"
          hint="The question, as visitors see it."
          autoComplete="off"
          maxLength={FAQ_LIMITS.title}
          required
          error={errors.title?.message}
          {...register('title')}
        />
        <div className="field field--checkbox">
          <input
            id={`${answerId}-html`}
            className="field__checkbox"
            type="checkbox"
            aria-describedby={`${answerId}-html-hint`}
            {...register('asHtml', {
              // The answer follows the switch: text becomes paragraphs, HTML becomes its text.
              onChange: (event: { target: { checked: boolean } }) => {
                const answer = getValues('answer');
                setValue('answer', event.target.checked ? plainToHtml(answer) : htmlToPlain(answer), {
                  shouldDirty: true,
                });
              },
            })}
          />
          <label className="field__label" htmlFor={`${answerId}-html`}>
            Answer is HTML
          </label>
          <p id={`${answerId}-html-hint`} className="field__hint">
            Edit the answer with headings, lists, bold text and links.
          </p>
        </div>
        <Controller
          control={control}
          name="answer"
          render={({ field }) => (
            <div className="field">
              {asHtml ? (
                <span id={labelId} className="field__label faq-form__answer-label">
                  Answer
                </span>
              ) : (
                <label id={labelId} className="field__label" htmlFor={answerId}>
                  Answer
                </label>
              )}
              <p id={hintId} className="field__hint">
                {asHtml
                  ? 'Formatted text. Links may go to web pages or e-mail addresses.'
                  : 'Plain text. Leave a blank line between paragraphs.'}
              </p>
              {asHtml ? (
                <LazyRichTextEditor
                  id={answerId}
                  labelledBy={labelId}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  invalid={Boolean(answerError)}
                  describedBy={describedBy}
                />
              ) : (
                <textarea
                  id={answerId}
                  className="field__input"
                  rows={8}
                  maxLength={FAQ_LIMITS.answer}
                  aria-required
                  aria-invalid={answerError ? true : undefined}
                  aria-describedby={describedBy}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
              {answerError && <FieldErrorMessage id={errorId}>{answerError}</FieldErrorMessage>}
            </div>
          )}
        />
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : question ? 'Save changes' : 'Add FAQ'}
          </button>
          <Link className="admin-form__cancel" to={LIST_PATH}>
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}

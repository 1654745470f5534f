import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { notifyApiError, useNotify } from '../notifications/use-notify';

export interface AdminFormOptions<Input extends FieldValues, Output, Body, Answer = unknown> {
  /** The shared Zod schema (the API checks with the same), or the form's extension of it. */
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  /** The save mutation (useSaveAdminRecord's). */
  save: { mutateAsync: (body: Body) => Promise<Answer> };
  /** The mutation's input from the checked values. */
  toBody: (values: Output) => Body;
  /**
   * Which keys of an error answer's `errors` (without an envelope such as `blog.`) are fields of this
   * form; the others end in the error notice. Unless given: the keys of `defaultValues`.
   */
  isField?: (name: string) => boolean;
  /** The success notice, e.g. texts.notices.faqCreated, or made from the save's answer. */
  notice: string | ((answer: Answer) => string);
  /** Where a saved form goes: its list. */
  listPath: string;
  /**
   * Sees a failed save first; answering true means the screen has shown it itself (e.g. 'This time is not
   * free any more' with a way back), so neither the fields nor the error notice show it.
   */
  onError?: (error: unknown) => boolean;
  /** A refused submit focuses the first field in error; false: the form focuses its error summary itself. */
  focusErrors?: boolean;
}

/**
 * A back-office form: React Hook Form checked with `schema`; `onSubmit` saves through `save`, then shows
 * `notice` and goes to `listPath`. An error answer's `errors` go on the fields they name (the first is
 * focused); a failure naming no field shows the error notice.
 */
export function useAdminForm<Input extends FieldValues, Output, Body, Answer = unknown>({
  schema,
  defaultValues,
  save,
  toBody,
  isField,
  notice,
  listPath,
  onError,
  focusErrors = true,
}: AdminFormOptions<Input, Output, Body, Answer>) {
  const notify = useNotify();
  const navigate = useNavigate();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues,
    shouldFocusError: focusErrors,
  });
  const fieldNames = Object.keys(defaultValues ?? {});
  const knows = isField ?? ((name: string) => fieldNames.includes(name));

  // mutateAsync, not mutate's callbacks: saving refreshes the record, which can remount the form, and
  // mutate's callbacks never run for an unmounted form.
  const onSubmit = form.handleSubmit(async (values) => {
    let answer: Answer;
    try {
      answer = await save.mutateAsync(toBody(values));
    } catch (error) {
      if (onError?.(error)) return;
      if (!applyServerErrors(error, form.setError, knows)) notifyApiError(notify, error);
      return;
    }
    notify.success(typeof notice === 'string' ? notice : notice(answer));
    await navigate(listPath);
  });

  return { ...form, onSubmit };
}

import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentPropsWithRef, useId } from 'react';
import { useForm } from 'react-hook-form';
import { type ContactRequest, type ContactRequestInput, contactRequestSchema } from '../../../shared/contact';
import { TextField } from '../../components/form-field/text-field';
import { notifyApiError, useNotify } from '../../components/notifications';
import { ApiError } from '../../lib/api-client';
import { useSendContactMessage } from './contact-api';

const fieldNames = ['name', 'email', 'phone', 'message'] as const;

const emptyForm: ContactRequestInput = { name: '', email: '', phone: '', message: '' };

interface TextAreaFieldProps extends ComponentPropsWithRef<'textarea'> {
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled textarea with its hint and error under it, like `TextField`. */
function TextAreaField({ label, error, hint, id, required, ...textarea }: TextAreaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <textarea
        id={inputId}
        className="field__input contact-form__message"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        {...textarea}
      />
      {error && (
        <p id={errorId} className="field__error">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="10" fill="currentColor" />
            <path d="M12 7v6" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
            <circle cx="12" cy="17" r="1.4" fill="#fff" />
          </svg>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The contact form (spec 2.3): validated with the shared schema (texts under the fields, the first invalid
 * field focused); on success the server's text is shown as a notification and the form is emptied.
 */
export function ContactForm() {
  const notify = useNotify();
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ContactRequestInput, unknown, ContactRequest>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: emptyForm,
    shouldFocusError: true,
  });

  const onSubmit = handleSubmit((message) => {
    send.mutate(message, {
      onSuccess: (response) => {
        notify.success(response.message);
        reset(emptyForm);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422 && error.body.errors) {
          let focus = true;
          for (const field of fieldNames) {
            const text = error.body.errors[field]?.[0];
            if (!text) continue;
            setError(field, { message: text }, { shouldFocus: focus });
            focus = false;
          }
        }
        notifyApiError(notify, error);
      },
    });
  });

  return (
    <form className="contact-form" noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title">
      <TextField
        label="Name"
        autoComplete="name"
        required
        maxLength={100}
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={21}
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextAreaField
        label="Message"
        rows={6}
        required
        maxLength={2000}
        error={errors.message?.message}
        {...register('message')}
      />
      <button type="submit" className="button button--primary contact-form__submit" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}

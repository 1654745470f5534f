import { useEffect, useState } from 'react';
import { clinic } from '../../../shared/clinic';
import type { ContactRequest, ContactRequestInput } from '../../../shared/contact';
import { NAME_LENGTHS } from '../../../shared/name-lengths';
import { EmailField } from '../../components/email-field/email-field';
import { TextAreaField } from '../../components/form-field/text-area-field';
import { TextField } from '../../components/form-field/text-field';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { ApiError } from '../../lib/api-client';
import { lazyResolver } from '../../lib/lazy-resolver';
import { phoneInputProps } from '../../lib/phone-input';
import { useLightForm } from '../../lib/use-light-form';
import { useSendContactMessage } from './contact-api';

const fieldNames = ['name', 'email', 'phone', 'message'] as const;

const emptyForm: ContactRequestInput = { name: '', email: '', phone: '', message: '' };

const validation = lazyResolver(() =>
  import('./contact-validation').then((module) => module.contactResolver),
);

/**
 * The contact form (spec 2.3): validated with the shared schema (texts under the fields, the first invalid
 * field focused); on success the server's text is shown as a notification and the form is emptied.
 */
export function ContactForm() {
  const notify = useNotify();
  const send = useSendContactMessage();
  // The server's page is live before its scripts: until they are, Send is off, or the browser would send the
  // form itself, as a GET with the message in the address (history, logs). Without JavaScript it stays off,
  // and the page says how else to reach the clinic.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useLightForm<ContactRequestInput, ContactRequest>({
    resolver: validation.resolver,
    defaultValues: emptyForm,
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
    <form
      className="contact-form"
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={validation.preload}
      onPointerDown={validation.preload}
      aria-labelledby="contact-form-title"
    >
      <TextField
        label="Name"
        autoComplete="name"
        required
        maxLength={NAME_LENGTHS.full.max * 2}
        error={errors.name?.message}
        {...register('name')}
      />
      <EmailField
        label="E-mail"
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
        maxLength={30}
        error={errors.phone?.message}
        {...phoneInputProps(register('phone'))}
      />
      <TextAreaField
        className="contact-form__message"
        label="Message"
        rows={6}
        required
        maxLength={2000}
        error={errors.message?.message}
        {...register('message')}
      />
      <noscript>
        <p className="contact-form__no-script">
          Sending this form needs JavaScript. Please call {clinic.phone} or e-mail {clinic.email}.
        </p>
      </noscript>
      <button
        type="submit"
        className="button button--primary contact-form__submit"
        disabled={!live || send.isPending}
      >
        {send.isPending ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}

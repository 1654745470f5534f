import { lazy, Suspense, useState } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import type { LoginRequest, loginRequestSchema } from '../../../shared/auth';
import { texts } from '../../../shared/validation-texts';
import { TextField } from '../../components/form-field/text-field';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { ApiError } from '../../lib/api-client';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useLightForm } from '../../lib/use-light-form';
import { useLogin } from './login-api';
import type { SignInChallenge } from './second-step-form';

// Only staff with a second factor reach the second step: its form stays out of the sign-in page's first JavaScript.
const SecondStepForm = lazy(() => import('./second-step-form'));

type LoginFormValues = z.input<typeof loginRequestSchema>;

const validation = lazyResolver(() => import('./login-validation').then((module) => module.loginResolver));

/**
 * The sign-in form: validated with the shared schema (its texts under the fields, the first invalid field
 * focused), a wrong e-mail or password shown as the 'Invalid email or password' notice. With a second factor the
 * password form is hidden, not unmounted, while the second step is asked: a second step that ends (five wrong
 * codes, five minutes, 'Back to the password') shows it again with the e-mail kept and the password focused.
 */
export function LoginForm({ onSecondStep }: { onSecondStep?: (asked: boolean) => void } = {}) {
  const notify = useNotify();
  const login = useLogin();
  const [challenge, setChallenge] = useState<SignInChallenge>();
  /** Why the second step ended, said above the password form it returned to. */
  const [ended, setEnded] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useLightForm<LoginFormValues, LoginRequest>({
    resolver: validation.resolver,
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((credentials) => {
    setEnded(undefined);
    login.mutate(credentials, {
      onSuccess: ({ data }) => {
        if ('second_factor' in data) {
          // The password is not kept in the page while the second step is asked.
          reset({ email: credentials.email, password: '' });
          setEnded(undefined);
          setChallenge(data.second_factor);
          onSecondStep?.(true);
        }
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) {
          notify.error(error.body.error_messages || texts.signIn.failed);
          setFocus('password', { shouldSelect: true });
          return;
        }
        if (error instanceof ApiError && error.status === 422 && error.body.errors) {
          for (const field of ['email', 'password'] as const) {
            const message = error.body.errors[field]?.[0];
            if (message) setError(field, { message }, { shouldFocus: true });
          }
        }
        notifyApiError(notify, error);
      },
    });
  });

  const backToPassword = (why?: string) => {
    // Shown at once, so the password field can take the focus now.
    flushSync(() => {
      setChallenge(undefined);
      setEnded(why);
      onSecondStep?.(false);
    });
    setFocus('password');
  };

  return (
    <>
      {challenge && (
        <Suspense fallback={null}>
          <SecondStepForm challenge={challenge} onRestart={backToPassword} />
        </Suspense>
      )}
      <form
        className="login-form"
        hidden={challenge !== undefined}
        noValidate
        onSubmit={onSubmit}
        onFocus={validation.preload}
        onPointerDown={validation.preload}
        aria-labelledby="login-title"
      >
        {ended && (
          <div className="login__problem login__problem--above" role="alert">
            <p>{ended}</p>
          </div>
        )}
        <TextField
          label="E-mail"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <button
          type="submit"
          className="button button--primary login-form__submit"
          disabled={login.isPending}
        >
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </>
  );
}

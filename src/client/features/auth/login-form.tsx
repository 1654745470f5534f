import { lazy, Suspense, useState } from 'react';
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
 * focused), a wrong e-mail or password shown as the 'Invalid email or password' notice.
 */
export function LoginForm({ onSecondStep }: { onSecondStep?: (asked: boolean) => void } = {}) {
  const notify = useNotify();
  const login = useLogin();
  const [challenge, setChallenge] = useState<SignInChallenge>();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useLightForm<LoginFormValues, LoginRequest>({
    resolver: validation.resolver,
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((credentials) => {
    login.mutate(credentials, {
      onSuccess: ({ data }) => {
        if ('second_factor' in data) {
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

  if (challenge)
    return (
      <Suspense fallback={null}>
        <SecondStepForm
          challenge={challenge}
          onRestart={() => {
            setChallenge(undefined);
            onSecondStep?.(false);
          }}
        />
      </Suspense>
    );

  return (
    <form
      className="login-form"
      noValidate
      onSubmit={onSubmit}
      onFocus={validation.preload}
      onPointerDown={validation.preload}
      aria-labelledby="login-title"
    >
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
      <button type="submit" className="button button--primary login-form__submit" disabled={login.isPending}>
        {login.isPending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

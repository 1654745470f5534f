import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { acceptInvitation } from '../../../shared/api/staff-admin-endpoints';
import { passwordRulesText } from '../../../shared/password-length';
import { AppErrorBoundary } from '../../components/app-error-boundary/app-error-boundary';
import { TextField } from '../../components/form-field/text-field';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { ApiError, callEndpoint } from '../../lib/api-client';
import { lazyResolver } from '../../lib/lazy-resolver';
import type { RouteHandle } from '../../lib/route-handle';
import { useLightForm } from '../../lib/use-light-form';
import { rememberSignIn } from './login-api';
import { SignInCard } from './sign-in-card';
import '../../styles/base.css';
import './login-page.css';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Choose your password',
    description: 'Accept an invitation to the back office.',
    noindex: true,
  }),
};

export function ErrorBoundary() {
  return <AppErrorBoundary />;
}

type InviteValues = { password: string; repeat: string };

const validation = lazyResolver(() => import('./invite-validation').then((module) => module.inviteResolver));

/** The link's problems that no new password mends: the page says so instead of the form. */
const linkProblems: readonly string[] = ['invitation_invalid', 'invitation_expired'];

function InviteForm({ token, onLinkProblem }: { token: string; onLinkProblem: (message: string) => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const accept = useMutation({
    mutationFn: (password: string) => callEndpoint(acceptInvitation, { json: { token, password } }),
    onSuccess: (answer) => {
      rememberSignIn(queryClient, answer.data);
      void navigate('/admin', { replace: true });
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useLightForm<InviteValues, InviteValues>({
    resolver: validation.resolver,
    defaultValues: { password: '', repeat: '' },
  });

  const onSubmit = handleSubmit(({ password }) => {
    accept.mutate(password, {
      onError: (error) => {
        if (error instanceof ApiError && linkProblems.includes(error.code ?? '')) {
          onLinkProblem(error.message);
          return;
        }
        const message = error instanceof ApiError ? error.body.errors?.password?.[0] : undefined;
        if (message) setError('password', { message }, { shouldFocus: true });
        else notifyApiError(notify, error);
      },
    });
  });

  return (
    <form
      className="login-form"
      noValidate
      onSubmit={onSubmit}
      onFocus={validation.preload}
      onPointerDown={validation.preload}
      aria-labelledby="invite-title"
    >
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={passwordRulesText}
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="The same password again"
        type="password"
        autoComplete="new-password"
        required
        error={errors.repeat?.message}
        {...register('repeat')}
      />
      <button type="submit" className="button button--primary login-form__submit" disabled={accept.isPending}>
        {accept.isPending ? 'Signing in…' : 'Set password and sign in'}
      </button>
    </form>
  );
}

/**
 * /login/invite#<token>: an invited staff member chooses a password and is signed in. The token rides in the
 * fragment, which no server or log sees; a link that is not good (used, replaced, expired) is said plainly.
 */
export function Component() {
  const location = useLocation();
  const token = location.hash.replace(/^#/, '');
  const [linkProblem, setLinkProblem] = useState<string>();

  return (
    <SignInCard titleId="invite-title" title="Choose your password">
      {linkProblem || !token ? (
        <div role="alert" className="login__problem">
          <p>
            {linkProblem ??
              'This page needs the whole link from your invitation e-mail. Open the link from the e-mail again, or ask an administrator to send a new one.'}
          </p>
          <p>
            <Link to="/login">Go to sign-in</Link>
          </p>
        </div>
      ) : (
        <>
          <p className="login__lead">
            You have been invited to the back office. Choose a password to sign in.
          </p>
          <InviteForm token={token} onLinkProblem={setLinkProblem} />
        </>
      )}
    </SignInCard>
  );
}

import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AppErrorBoundary } from '../../components/app-error-boundary/app-error-boundary';
import type { RouteHandle } from '../../lib/route-handle';
import { LoginForm } from './login-form';
import { SignInCard } from './sign-in-card';
import { forgetSignedOutMessage, readSignedOutMessage } from './signed-out-reason';
import { useAuthToken } from './use-auth-token';
import '../../styles/base.css';
import './login-page.css';

export const handle: RouteHandle = {
  head: () => ({ title: 'Sign in', description: 'Staff sign-in to the back office.', noindex: true }),
};

export function ErrorBoundary() {
  return <AppErrorBoundary />;
}

/** Where to go once signed in: the back-office page that sent the visitor here, or /admin. */
function afterSignIn(state: unknown): string {
  const from = (state as { from?: { pathname?: string; search?: string } } | null)?.from;
  if (from?.pathname?.startsWith('/admin')) return `${from.pathname}${from.search ?? ''}`;
  return '/admin';
}

/** /login (spec 2.4): only for signed-out visitors; a signed-in one goes straight to the back office. */
export function Component() {
  const token = useAuthToken();
  const location = useLocation();
  // Read on arrival and forgotten: a later visit to /login has nothing to say.
  const [signedOut] = useState(readSignedOutMessage);
  useEffect(forgetSignedOutMessage, []);
  const [secondStep, setSecondStep] = useState(false);
  if (token) return <Navigate to={afterSignIn(location.state)} replace />;

  return (
    <SignInCard titleId="login-title" title={secondStep ? 'Two-step sign-in' : 'Sign in'}>
      <p className="login__lead">Staff sign-in to the back office.</p>
      {signedOut && !secondStep && (
        <p className="login__signed-out" role="status">
          {signedOut}
        </p>
      )}
      <LoginForm onSecondStep={setSecondStep} />
    </SignInCard>
  );
}

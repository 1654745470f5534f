import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { login } from '../../../shared/api/auth-endpoints';
import type { BodyInput, ResponseOf } from '../../../shared/api/endpoint';
import { signInSecondFactor } from '../../../shared/api/second-factor-endpoints';
import { TextField } from '../../components/form-field/text-field';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { ApiError, callEndpoint } from '../../lib/api-client';
import { rememberSignIn } from './login-api';

type LoginData = ResponseOf<typeof login>['data'];
export type SignInChallenge = Extract<LoginData, { second_factor: unknown }>['second_factor'];

/**
 * The sign-in's second step: a code from the authenticator app, a recovery code, or a passkey, as the staff member
 * has them. A challenge that ended (five wrong codes, five minutes) sends them back to the password, saying why.
 */
export default function SecondStepForm({
  challenge,
  onRestart,
}: {
  challenge: SignInChallenge;
  /** Back to the password step; `why` is said there (the server's reason the sign-in ended). */
  onRestart: (why?: string) => void;
}) {
  const notify = useNotify();
  const signIn = useSecondFactorSignIn();
  const hasApp = challenge.methods.includes('totp');
  const hasPasskey = challenge.methods.includes('passkey');
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const onError = (failure: unknown) => {
    if (failure instanceof ApiError && failure.code === 'second_factor_challenge_ended') {
      onRestart(failure.message);
      return;
    }
    if (failure instanceof ApiError && (failure.status === 401 || failure.status === 422)) {
      setError(failure.message);
      inputRef.current?.focus();
      inputRef.current?.select();
      return;
    }
    notifyApiError(notify, failure);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('Required');
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    signIn.mutate({ challenge: challenge.challenge, code: code.trim() }, { onError });
  };

  const signInWithPasskey = async () => {
    if (!challenge.passkey) return;
    setError(undefined);
    const { startAuthentication } = await import('@simplewebauthn/browser');
    try {
      const assertion = await startAuthentication({
        optionsJSON: challenge.passkey as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
      });
      signIn.mutate(
        {
          challenge: challenge.challenge,
          passkey: { ...assertion, response: { ...assertion.response } },
        },
        { onError },
      );
    } catch {
      notify.error('The passkey was not used: the browser or the device stopped it. Try again.');
    }
  };

  return (
    <div className="login-second-step">
      {hasApp && (
        <form className="login-form" noValidate onSubmit={onSubmit} aria-label="Second step of the sign-in">
          <TextField
            ref={inputRef}
            key={useRecovery ? 'recovery' : 'app'}
            label={useRecovery ? 'Recovery code' : 'Code from your authenticator app'}
            hint={
              useRecovery ? 'One of the codes you saved; each works once.' : 'The 6 digits the app shows now.'
            }
            name={useRecovery ? 'recovery_code' : 'code'}
            autoComplete={useRecovery ? 'off' : 'one-time-code'}
            inputMode={useRecovery ? 'text' : 'numeric'}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error}
          />
          <button
            type="submit"
            className="button button--primary login-form__submit"
            disabled={signIn.isPending}
          >
            {signIn.isPending ? 'Checking…' : 'Continue'}
          </button>
          <button
            type="button"
            className="login-second-step__link"
            onClick={() => {
              flushSync(() => {
                setUseRecovery((value) => !value);
                setCode('');
                setError(undefined);
              });
              inputRef.current?.focus();
            }}
          >
            {useRecovery ? 'Use the authenticator app' : 'Use a recovery code'}
          </button>
        </form>
      )}
      {hasPasskey && (
        <>
          {!hasApp && error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
          <button
            type="button"
            className={`button ${hasApp ? 'button--secondary' : 'button--primary'} login-form__submit`}
            disabled={signIn.isPending}
            onClick={() => void signInWithPasskey()}
          >
            Use a passkey
          </button>
        </>
      )}
      <button type="button" className="login-second-step__link" onClick={() => onRestart()}>
        Back to the password
      </button>
    </div>
  );
}

/** The second step: a code (from the app, or a recovery code) or a passkey's assertion for the challenge. */
function useSecondFactorSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInput<typeof signInSecondFactor>) =>
      callEndpoint(signInSecondFactor, { json: body }),
    onSuccess: ({ data }) => rememberSignIn(queryClient, data),
  });
}

import { type FormEvent, useId, useRef, useState } from 'react';
import type { Passkey } from '../../../shared/second-factor';
import { texts } from '../../../shared/validation-texts';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { TextField } from '../../components/form-field/text-field';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { ApiError } from '../../lib/api-client';
import { formatAdminDateTime } from '../../lib/clinic-clock';
import { QrCode } from './qr-code';
import {
  useAddPasskey,
  useConfirmTotp,
  useRemovePasskey,
  useRemoveTotp,
  useSecondFactorStatus,
  useStartTotpSetup,
} from './second-factor-api';
import './second-factor-section.css';

/** The field's message from a 422 answer, or the answer's own text. */
function fieldMessage(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.body.errors?.[field]?.[0] ?? (error.status === 422 ? error.message : undefined);
}

/** The key in groups of four, as authenticator apps show it and people type it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Ten recovery codes, shown once: copy or download them now, they are not shown again. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const notify = useNotify();
  const text = `${codes.join('\n')}\n`;
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <section className="second-factor__codes" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" className="second-factor__subtitle">
        Your recovery codes
      </h3>
      <p>
        Keep these somewhere safe, away from your phone. Each signs you in once if you lose the app. They are
        shown only now.
      </p>
      <ul className="second-factor__code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="second-factor__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            navigator.clipboard.writeText(text).then(
              () => notify.success('The recovery codes were copied.'),
              () => notify.error('The codes could not be copied; select them and copy them instead.'),
            )
          }
        >
          Copy the codes
        </button>
        <a className="button button--secondary" href={download} download="recovery-codes.txt">
          Download the codes
        </a>
        <button type="button" className="button button--primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </section>
  );
}

/** Setting up the app: its key as a QR code and as text, then a code from it to confirm. */
function TotpSetup({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const start = useStartTotpSetup();
  const confirm = useConfirmTotp();
  const notify = useNotify();
  const [code, setCode] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);
  const keyId = useId();

  if (!start.data)
    return (
      <button
        type="button"
        className="button button--primary"
        disabled={start.isPending}
        onClick={() => start.mutate(undefined, { onError: (error) => notifyApiError(notify, error) })}
      >
        {start.isPending ? 'Starting…' : 'Set up an authenticator app'}
      </button>
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    confirm.mutate(code, {
      onSuccess: (answer) => onConfirmed(answer.recovery_codes),
      onError: (error) => {
        // A wrong code: the field says so and takes the keyboard, its code selected for the next one.
        if (fieldMessage(error, 'code')) {
          codeRef.current?.focus();
          codeRef.current?.select();
        } else notifyApiError(notify, error);
      },
    });
  };

  return (
    <form
      className="second-factor__setup"
      onSubmit={onSubmit}
      noValidate
      aria-label="Set up the authenticator app"
    >
      <ol className="second-factor__steps">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…)
          and scan this code.
          <QrCode value={start.data.otpauth_url} label="QR code of the key for your authenticator app" />
        </li>
        <li>
          Or type this key into the app:{' '}
          <code
            id={keyId}
            className="second-factor__key"
            data-testid="totp-secret"
            data-secret={start.data.secret}
          >
            {grouped(start.data.secret)}
          </code>
        </li>
        <li>
          <TextField
            ref={codeRef}
            label="Enter the 6-digit code the app shows"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={10}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={fieldMessage(confirm.error, 'code')}
          />
        </li>
      </ol>
      {/* aria-disabled, not disabled: a disabled button would drop the keyboard's focus to the page. */}
      <button
        type="submit"
        className="button button--primary"
        aria-disabled={confirm.isPending || undefined}
        aria-busy={confirm.isPending || undefined}
      >
        {confirm.isPending ? 'Checking…' : 'Turn on'}
      </button>
    </form>
  );
}

/** Removing the app asks for the password (or a current code). */
function RemoveTotp() {
  const remove = useRemoveTotp();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  if (!open)
    return (
      <button type="button" className="button button--danger-secondary" onClick={() => setOpen(true)}>
        Remove the app
      </button>
    );
  return (
    <form
      className="second-factor__remove"
      noValidate
      aria-label="Remove the authenticator app"
      onSubmit={(event) => {
        event.preventDefault();
        remove.mutate(
          { password },
          {
            onSuccess: () => notify.success('The authenticator app was removed.'),
            onError: (error) => {
              if (!fieldMessage(error, 'password')) notifyApiError(notify, error);
            },
          },
        );
      }}
    >
      <TextField
        label="Your password, to confirm"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldMessage(remove.error, 'password')}
      />
      <div className="second-factor__actions">
        <button type="submit" className="button button--danger" disabled={remove.isPending}>
          Remove the app
        </button>
        <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Passkeys({ passkeys }: { passkeys: Passkey[] }) {
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<Passkey>();
  const [password, setPassword] = useState('');
  const passwordRef = useRef<HTMLInputElement>(null);
  const closeRemoval = () => {
    setRemoving(undefined);
    setPassword('');
    remove.reset();
  };
  // A refusal without a field of its own (too many tries, the server out of reach) is said in the dialog.
  const removalRefusal =
    remove.error && !fieldMessage(remove.error, 'password')
      ? remove.error instanceof ApiError
        ? remove.error.message
        : texts.defaultError
      : undefined;
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  return (
    <>
      {passkeys.length > 0 ? (
        <ul className="second-factor__passkeys" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="second-factor__passkey">
              <span>
                <strong>{passkey.name}</strong>
                <span className="second-factor__muted">
                  Added {formatAdminDateTime(passkey.created_at)}
                  {passkey.last_used_at ? `, last used ${formatAdminDateTime(passkey.last_used_at)}` : ''}
                </span>
              </span>
              <button
                type="button"
                className="button button--small button--danger-secondary"
                aria-label={`Remove ${passkey.name}`}
                onClick={() => setRemoving(passkey)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="second-factor__muted">No passkeys yet.</p>
      )}
      {supported ? (
        <form
          className="second-factor__add-passkey"
          noValidate
          aria-label="Add a passkey"
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate(name.trim() || undefined, {
              onSuccess: () => {
                setName('');
                notify.success('The passkey was added.');
              },
              onError: (error) =>
                error instanceof ApiError
                  ? notifyApiError(notify, error)
                  : notify.error('The passkey was not added: the browser or the device stopped it.'),
            });
          }}
        >
          <TextField
            label="Name of the passkey (optional)"
            hint="Which device or key it is: ‘Work laptop’, ‘Blue key’."
            maxLength={60}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="button button--secondary" disabled={add.isPending}>
            {add.isPending ? 'Waiting for the passkey…' : 'Add a passkey'}
          </button>
        </form>
      ) : (
        <p className="second-factor__muted">This browser cannot use passkeys.</p>
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title="Remove this passkey?"
        message={`“${removing?.name ?? ''}” will no longer sign you in. Enter your password to confirm.`}
        confirmLabel="Remove"
        busy={remove.isPending}
        error={removalRefusal}
        initialFocusRef={passwordRef}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { id: removing.id, password },
            {
              onSuccess: () => {
                notify.success('The passkey was removed.');
                closeRemoval();
              },
              // The dialog stays open saying why: a wrong password under its field (focused), any other
              // refusal above the buttons.
              onError: () => passwordRef.current?.focus(),
            },
          );
        }}
        onCancel={closeRemoval}
      >
        <TextField
          ref={passwordRef}
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldMessage(remove.error, 'password')}
        />
      </ConfirmDialog>
    </>
  );
}

/**
 * The account page's "Two-step sign-in": an authenticator app (with recovery codes) and passkeys. Either asks for
 * more than the password at every sign-in.
 */
export function SecondFactorSection() {
  const status = useSecondFactorStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();

  return (
    <section className="admin-panel second-factor" aria-labelledby="second-factor-title">
      <h2 id="second-factor-title" className="admin-panel__title">
        Two-step sign-in
      </h2>
      <p>
        After your password, the sign-in asks for a code from an authenticator app on your phone or for a
        passkey (this device’s fingerprint or face unlock, or a security key), so a stolen password alone does
        not open the back office.
      </p>
      {status.isError && <p role="alert">Two-step sign-in could not be loaded. {status.error.message}</p>}
      {status.data && (
        <>
          <h3 className="second-factor__subtitle">Authenticator app</h3>
          {recoveryCodes ? (
            <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(undefined)} />
          ) : status.data.totp ? (
            <>
              <p>
                <strong>On.</strong>{' '}
                {status.data.recovery_codes_left === 1
                  ? '1 recovery code left.'
                  : `${status.data.recovery_codes_left} recovery codes left.`}
              </p>
              <RemoveTotp />
            </>
          ) : (
            <TotpSetup onConfirmed={setRecoveryCodes} />
          )}
          <h3 className="second-factor__subtitle">Passkeys</h3>
          <Passkeys passkeys={status.data.passkeys} />
        </>
      )}
    </section>
  );
}

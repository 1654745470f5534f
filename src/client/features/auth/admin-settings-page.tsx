import { useState } from 'react';
import { getMe } from '../../../shared/api/auth-endpoints';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { CheckboxField } from '../../components/form-field/checkbox-field';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { useConsultantChoices } from '../../lib/consultant-choices';
import { useEndpointQuery } from '../../lib/endpoint-query';
import type { RouteHandle } from '../../lib/route-handle';
import { KindPricesSection } from './kind-prices-section';
import { useClinicSettings, useUpdateClinicSettings } from './second-factor-api';
import './admin-settings.css';

export const handle: RouteHandle = {
  head: () => ({ title: 'Settings – Back office', description: "The clinic's settings.", noindex: true }),
};

/**
 * /admin/settings (administrators): whether every staff member must sign in with a second factor, the default
 * consultant of receipts, and the line of the price list each bookable kind costs.
 */
export function Component() {
  const settings = useClinicSettings();
  return (
    <div className="account-page">
      <div className="admin-page__header">
        <h1 className="admin-page__title">Settings</h1>
      </div>
      <section className="admin-panel second-factor" aria-labelledby="settings-sign-in">
        <h2 id="settings-sign-in" className="admin-panel__title">
          Signing in
        </h2>
        {settings.isError && <p role="alert">The settings could not be loaded. {settings.error.message}</p>}
        {settings.data && <RequireSecondFactor required={settings.data.settings.require_second_factor} />}
      </section>
      {settings.data && <DefaultConsultant chosen={settings.data.settings.default_consultant_id} />}
      {settings.data && <KindPricesSection chosen={settings.data.settings} />}
    </div>
  );
}

/**
 * Whether every staff member must sign in with a second factor, saved when ticked. The box stays enabled while it
 * saves (disabling it would drop the keyboard's focus to the page): it is marked busy and a click meanwhile does
 * nothing. An administrator without a second factor of their own is told first that they will have to set one up
 * at once, and asked.
 */
function RequireSecondFactor({ required }: { required: boolean }) {
  const update = useUpdateClinicSettings();
  const notify = useNotify();
  const me = useEndpointQuery(getMe);
  const hasOwn = me.data?.second_factor?.enabled ?? true;
  // The box shows what was chosen at once, while the server is asked; a refusal puts the stored value back.
  const [chosen, setChosen] = useState<boolean>();
  const [asking, setAsking] = useState(false);
  const save = (value: boolean) => {
    setChosen(value);
    update.mutate(
      { require_second_factor: value },
      {
        onSuccess: (answer) =>
          notify.success(
            answer.settings.require_second_factor
              ? 'Two-step sign-in is now required of every staff member.'
              : 'Two-step sign-in is no longer required.',
          ),
        onError: (error) => notifyApiError(notify, error),
        onSettled: () => {
          setChosen(undefined);
          setAsking(false);
        },
      },
    );
  };
  return (
    <>
      <CheckboxField
        label="Require two-step sign-in of every staff member"
        hint={
          hasOwn
            ? 'Those without an authenticator app or a passkey can then only set one up until they do. Health data warrants it.'
            : 'Those without an authenticator app or a passkey can then only set one up until they do. Health data warrants it. You have none yet: you would have to set yours up at once, on Your account.'
        }
        checked={chosen ?? required}
        aria-disabled={update.isPending || undefined}
        aria-busy={update.isPending || undefined}
        onChange={(event) => {
          if (update.isPending) return;
          if (event.target.checked && !hasOwn) setAsking(true);
          else save(event.target.checked);
        }}
      />
      <ConfirmDialog
        open={asking}
        title="Require two-step sign-in, yours too?"
        message="You have no authenticator app or passkey yet. Once two-step sign-in is required, the back office takes you to Your account to set one up before anything else, and everyone else without one likewise at their next click."
        confirmLabel="Require it and set mine up"
        cancelLabel="Not now"
        confirmTone="primary"
        busy={update.isPending}
        onConfirm={() => save(true)}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

/** The consultant receipts name when their slot names none, saved as soon as it is chosen. */
function DefaultConsultant({ chosen }: { chosen: number | null }) {
  const consultants = useConsultantChoices();
  const update = useUpdateClinicSettings();
  const notify = useNotify();
  // The select shows the choice at once while it is saved (a refusal puts the stored one back); it stays enabled,
  // as disabling it while saving would take the keyboard's focus away.
  const [picked, setPicked] = useState<number | null>();
  return (
    <section className="admin-panel second-factor" aria-labelledby="settings-receipts">
      <h2 id="settings-receipts" className="admin-panel__title">
        Receipts
      </h2>
      <div className="field settings-consultant">
        <label className="field__label" htmlFor="settings-default-consultant">
          Default consultant
        </label>
        <p className="field__hint" id="settings-default-consultant-hint">
          Named on a receipt, with their Medical Council number, when the appointment’s slot names no
          consultant.
        </p>
        <select
          id="settings-default-consultant"
          className="field__input"
          aria-describedby="settings-default-consultant-hint"
          value={(picked === undefined ? chosen : picked) ?? ''}
          onChange={(event) => {
            const value = event.target.value ? Number(event.target.value) : null;
            setPicked(value);
            update.mutate(
              { default_consultant_id: value },
              {
                onSuccess: () => notify.success('The default consultant has been saved.'),
                onError: (error) => notifyApiError(notify, error),
                onSettled: () => setPicked(undefined),
              },
            );
          }}
        >
          <option value="">None</option>
          {consultants.map((consultant) => (
            <option key={consultant.id} value={consultant.id}>
              {consultant.name}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}

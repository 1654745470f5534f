import { useState } from 'react';
import { CheckboxField } from '../../components/form-field/checkbox-field';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { useConsultantChoices } from '../../lib/consultant-choices';
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
  const update = useUpdateClinicSettings();
  const notify = useNotify();
  const required = settings.data?.settings.require_second_factor ?? false;
  // The box shows what was chosen at once, while the server is asked; a refusal puts the stored value back.
  const [chosen, setChosen] = useState<boolean>();
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
        {settings.data && (
          <CheckboxField
            label="Require two-step sign-in of every staff member"
            hint="Those without an authenticator app or a passkey can then only set one up until they do. Health data warrants it."
            checked={chosen ?? required}
            disabled={update.isPending}
            onChange={(event) => {
              setChosen(event.target.checked);
              update.mutate(
                { require_second_factor: event.target.checked },
                {
                  onSuccess: (answer) =>
                    notify.success(
                      answer.settings.require_second_factor
                        ? 'Two-step sign-in is now required of every staff member.'
                        : 'Two-step sign-in is no longer required.',
                    ),
                  onError: (error) => notifyApiError(notify, error),
                  onSettled: () => setChosen(undefined),
                },
              );
            }}
          />
        )}
      </section>
      {settings.data && <DefaultConsultant chosen={settings.data.settings.default_consultant_id} />}
      {settings.data && <KindPricesSection chosen={settings.data.settings} />}
    </div>
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

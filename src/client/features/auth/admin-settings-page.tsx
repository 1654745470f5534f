import { useState } from 'react';
import { CheckboxField } from '../../components/form-field/checkbox-field';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import type { RouteHandle } from '../../lib/route-handle';
import { useClinicSettings, useUpdateClinicSettings } from './second-factor-api';

export const handle: RouteHandle = {
  head: () => ({ title: 'Settings – Back office', description: "The clinic's settings.", noindex: true }),
};

/** /admin/settings (administrators): whether every staff member must sign in with a second factor. */
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
              update.mutate(event.target.checked, {
                onSuccess: (answer) =>
                  notify.success(
                    answer.settings.require_second_factor
                      ? 'Two-step sign-in is now required of every staff member.'
                      : 'Two-step sign-in is no longer required.',
                  ),
                onError: (error) => notifyApiError(notify, error),
                onSettled: () => setChosen(undefined),
              });
            }}
          />
        )}
      </section>
    </div>
  );
}

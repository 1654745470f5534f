import { useState } from 'react';
import { formatEuro } from '../../../shared/euro';
import { type BookableKind, bookableKinds, defaultPriceOf, kindPriceField } from '../../../shared/price-list';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { type PriceListGroup, usePriceListChoices } from '../../lib/price-list-choices';
import { useUpdateClinicSettings } from './second-factor-api';

type Chosen = Partial<Record<ReturnType<typeof kindPriceField>, number | null>>;

/**
 * One price list: the line of the fees page each bookable kind costs. The slot editor offers its amount as a new
 * slot's price, the booking page names its service, and a new amount of the line reprices the kind's future free
 * times.
 */
export function KindPricesSection({ chosen }: { chosen: Chosen }) {
  const { groups, state } = usePriceListChoices();
  return (
    <section className="admin-panel second-factor" aria-labelledby="settings-prices">
      <h2 id="settings-prices" className="admin-panel__title">
        Prices
      </h2>
      <p className="field__hint" id="settings-prices-hint">
        The line of the fees page each kind of appointment costs. A new slot takes its amount, the booking
        page names it, and when its amount changes on the fees page the kind’s future free times take the new
        amount (booked and held ones keep theirs).
      </p>
      {bookableKinds.map((kind) => (
        <KindPrice
          key={kind.key}
          kind={kind}
          chosen={chosen[kindPriceField(kind.key)] ?? null}
          groups={groups}
          state={state}
        />
      ))}
    </section>
  );
}

/** One kind's select, saved as soon as a line is chosen. */
function KindPrice({
  kind,
  chosen,
  groups,
  state,
}: {
  kind: BookableKind;
  chosen: number | null;
  groups: PriceListGroup[];
  state: ReturnType<typeof usePriceListChoices>['state'];
}) {
  const update = useUpdateClinicSettings();
  const notify = useNotify();
  // As the default consultant's: the choice shows at once while it is saved, and the select keeps the focus.
  const [picked, setPicked] = useState<number | null>();
  const id = `settings-price-${kind.key}`;
  const value = picked === undefined ? chosen : picked;
  // The chosen line shows as chosen (not as None) while the list loads, and when it is no longer on it.
  const listed = groups.some((group) => group.lines.some((line) => line.id === value));
  const unlisted =
    state === 'loading'
      ? 'Loading the price list…'
      : state === 'failed'
        ? 'The price list could not be loaded'
        : 'A line no longer on the fees page';
  return (
    <div className="field settings-price">
      <label className="field__label" htmlFor={id}>
        {kind.label}
      </label>
      <select
        id={id}
        className="field__input"
        aria-describedby="settings-prices-hint"
        value={value ?? ''}
        onChange={(event) => {
          const next = event.target.value ? Number(event.target.value) : null;
          setPicked(next);
          update.mutate(
            { [kindPriceField(kind.key)]: next },
            {
              onSuccess: () =>
                notify.success(
                  next === null
                    ? `${kind.label} no longer costs a line of the price list.`
                    : `The price of ${kind.label} has been saved.`,
                ),
              onError: (error) => notifyApiError(notify, error),
              onSettled: () => setPicked(undefined),
            },
          );
        }}
      >
        <option value="">None ({formatEuro(defaultPriceOf(kind))} for a new slot)</option>
        {!listed && value !== null && <option value={value}>{unlisted}</option>}
        {groups.map((group) => (
          <optgroup key={group.categoryId} label={group.category}>
            {group.lines.map((line) => (
              <option key={line.id} value={line.id}>
                {line.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

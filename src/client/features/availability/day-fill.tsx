import { type KeyboardEvent, useId, useState } from 'react';
import { clinic, type LocationKey } from '../../../shared/clinic';
import type { PriceListLine } from '../../../shared/price-list';
import { MAX_SLOTS_PER_SAVE, slotTexts } from '../../../shared/slots';
import { texts } from '../../../shared/validation-texts';
import { FieldErrorMessage } from '../../components/form-field/field-error-message';
import { formatTime24 } from '../../lib/clinic-clock';
import type { SlotKind } from '../../lib/slot-kind';
import { PriceListWarning, priceListText } from './price-list-note';
import { differsFromPriceList, isSlotPrice, newSlotPrice, type SlotRow } from './slot-editor-rows';
import { type DayFillField, generateDaySlots } from './slot-generation';
import {
  defaultSlotTimes,
  parseTimeValue,
  SLOT_GAP_MINUTES,
  SLOT_MINUTES,
  TIME_STEP_MINUTES,
  timeValue,
} from './slot-times';

const LOCATIONS = Object.values(clinic.locations);
/** Where 'Fill the day' ends unless told otherwise. */
const DEFAULT_UNTIL = 17 * 60;

type Field = DayFillField | 'location' | 'price';

export interface DayFillProps {
  kind: SlotKind;
  /** The clinic day, YYYY-MM-DD. */
  date: string;
  /** The kind's line of the price list: the price's default; null when the kind costs none. */
  priceLine: PriceListLine | null;
  /** Puts the generated rows in the editor, in place of its new rows not saved yet; they are saved with Save. */
  onFill: (rows: SlotRow[]) => void;
}

/**
 * 'Fill the day': from, to, length and gap (the spec's 30 and 10 minutes by default), address and price; the
 * slots it makes appear in the editor's list as new slots (the preview) and are saved by the editor's Save,
 * in the same call and under the same rules as slots added one by one.
 */
export function DayFill({ kind, date, priceLine, onFill }: DayFillProps) {
  const id = useId();
  const [from, setFrom] = useState(() => timeValue(defaultSlotTimes(date, undefined)?.start ?? 8 * 60));
  const [to, setTo] = useState(timeValue(DEFAULT_UNTIL));
  const [length, setLength] = useState(String(SLOT_MINUTES));
  const [gap, setGap] = useState(String(SLOT_GAP_MINUTES));
  const [location, setLocation] = useState<LocationKey | ''>(kind.isAdult ? 'adult_1' : 'child');
  const [price, setPrice] = useState(() => newSlotPrice(kind, priceLine));
  const [error, setError] = useState<{ field: Field; message: string }>();
  const [done, setDone] = useState<string>();

  const fail = (field: Field, message: string) => {
    setError({ field, message });
    setDone(undefined);
    document.getElementById(`${id}-${field}`)?.focus();
  };

  const fill = () => {
    const result = generateDaySlots(
      {
        date,
        from: parseTimeValue(from),
        to: parseTimeValue(to),
        length: length.trim() === '' ? Number.NaN : Number(length),
        gap: gap.trim() === '' ? Number.NaN : Number(gap),
      },
      MAX_SLOTS_PER_SAVE,
    );
    if (!result.ok) return fail(result.field, result.message);
    if (!kind.isVideoCall && !location) return fail('location', texts.required);
    if (!isSlotPrice(price)) return fail('price', slotTexts.priceInvalid);
    setError(undefined);
    onFill(
      result.slots.map((slot) => ({
        id: null,
        ...slot,
        location: kind.isVideoCall ? '' : location,
        price: price.trim(),
        consultant: '',
        locked: false,
      })),
    );
    const first = result.slots[0];
    const last = result.slots.at(-1);
    setDone(
      `${result.slots.length} new ${result.slots.length === 1 ? 'slot' : 'slots'}, ${formatTime24(first?.start ?? 0)} to ${formatTime24(last?.end ?? 0)}, ${result.slots.length === 1 ? 'is' : 'are'} in the list below. Check them, then Save.`,
    );
  };

  // Enter in a field fills the day rather than saving the editor around it.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      fill();
    }
  };

  const fieldProps = (field: Field, describedBy: string[] = []) => ({
    id: `${id}-${field}`,
    className: 'field__input',
    'aria-invalid': error?.field === field ? true : undefined,
    'aria-describedby':
      [...(error?.field === field ? [`${id}-error`] : []), ...describedBy].join(' ') || undefined,
    onKeyDown,
  });
  const errorOf = (field: Field) =>
    error?.field === field ? (
      <div role="alert">
        <FieldErrorMessage id={`${id}-error`}>{error.message}</FieldErrorMessage>
      </div>
    ) : null;

  return (
    <fieldset className="day-fill" aria-describedby={`${id}-hint`}>
      <legend className="day-fill__legend">Fill the day</legend>
      <p id={`${id}-hint`} className="field__hint day-fill__hint">
        Make this day’s slots in one go. They replace the new slots not saved yet; saved slots stay.
      </p>
      <div className="day-fill__fields">
        <div className="field day-fill__field">
          <label className="field__label" htmlFor={`${id}-from`}>
            From
          </label>
          <input
            type="time"
            step={TIME_STEP_MINUTES * 60}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            {...fieldProps('from')}
          />
          {errorOf('from')}
        </div>
        <div className="field day-fill__field">
          <label className="field__label" htmlFor={`${id}-to`}>
            To
          </label>
          <input
            type="time"
            step={TIME_STEP_MINUTES * 60}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            {...fieldProps('to')}
          />
          {errorOf('to')}
        </div>
        <div className="field day-fill__field">
          <label className="field__label" htmlFor={`${id}-length`}>
            Length (minutes)
          </label>
          <input
            type="number"
            inputMode="numeric"
            min={TIME_STEP_MINUTES}
            step={TIME_STEP_MINUTES}
            value={length}
            onChange={(event) => setLength(event.target.value)}
            {...fieldProps('length')}
          />
          {errorOf('length')}
        </div>
        <div className="field day-fill__field">
          <label className="field__label" htmlFor={`${id}-gap`}>
            Gap (minutes)
          </label>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            step={TIME_STEP_MINUTES}
            value={gap}
            onChange={(event) => setGap(event.target.value)}
            {...fieldProps('gap')}
          />
          {errorOf('gap')}
        </div>
        {!kind.isVideoCall && (
          <div className="field day-fill__field day-fill__field--wide">
            <label className="field__label" htmlFor={`${id}-location`}>
              Address
            </label>
            <select
              value={location}
              onChange={(event) => setLocation(event.target.value as LocationKey | '')}
              {...fieldProps('location')}
            >
              <option value="">Choose an address</option>
              {LOCATIONS.map((place) => (
                <option key={place.key} value={place.key}>
                  {place.label}
                </option>
              ))}
            </select>
            {errorOf('location')}
          </div>
        )}
        <div className="field day-fill__field">
          <label className="field__label" htmlFor={`${id}-price`}>
            Price (€)
          </label>
          <input
            inputMode="decimal"
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            {...fieldProps('price', [
              ...(priceLine ? [`${id}-price-list`] : []),
              ...(differsFromPriceList(price, priceLine) ? [`${id}-price-warning`] : []),
            ])}
          />
          {errorOf('price')}
        </div>
        {priceLine && (
          <div className="day-fill__field--wide day-fill__price-list">
            <p id={`${id}-price-list`} className="field__hint">
              {priceListText(priceLine)}
            </p>
            <PriceListWarning id={`${id}-price-warning`} price={price} priceLine={priceLine} />
          </div>
        )}
      </div>
      <button type="button" className="button button--secondary" onClick={fill}>
        Preview slots
      </button>
      <p role="status" className="day-fill__done">
        {done}
      </p>
    </fieldset>
  );
}

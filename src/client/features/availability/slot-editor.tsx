import { useId, useMemo, useState } from 'react';
import { type Control, Controller, type FieldPath, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { clinic, formatAddress, type LocationKey } from '../../../shared/clinic';
import type { PriceListLine } from '../../../shared/price-list';
import { type AdminSlot, slotTexts } from '../../../shared/slots';
import { texts } from '../../../shared/validation-texts';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { FieldErrorMessage } from '../../components/form-field/field-error-message';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { ApiError } from '../../lib/api-client';
import { formatTime24 } from '../../lib/clinic-clock';
import { useConsultantChoices } from '../../lib/consultant-choices';
import type { SlotKind } from '../../lib/slot-kind';
import { useFocusWhenShown } from '../../lib/use-focus-when-shown';
import { useDeleteSlot, useSaveSlots } from './availability-admin-api';
import { DayFill } from './day-fill';
import { slotsOutsideOpeningHours } from './opening-hours-check';
import { PriceListWarning, priceListText } from './price-list-note';
import {
  changedSlots,
  differsFromPriceList,
  isSlotPrice,
  newRow,
  rowFieldOfError,
  rowOf,
  type SlotRow,
} from './slot-editor-rows';
import { generationTexts } from './slot-generation';
import { parseTimeValue, slotRowErrors, TIME_STEP_MINUTES, timeValue } from './slot-times';

interface EditorValues {
  slots: SlotRow[];
}

type Changes = ReturnType<typeof changedSlots>;

const LOCATIONS = Object.values(clinic.locations);

export interface SlotEditorProps {
  kind: SlotKind;
  /** The clinic day, YYYY-MM-DD. */
  date: string;
  slots: readonly AdminSlot[];
  /** The kind's line of the price list: a new slot's price, and what another price is warned against. */
  priceLine: PriceListLine | null;
  onClose: () => void;
}

/**
 * The slot editor (spec 2.6 and 5): 'Fill the day' to make a day's slots at once; per slot a start and an
 * end time (5-minute steps), the address (not for video), the consultant its receipts name, the price and a delete button; 'Add another session
 * slot'; Save sends the new and the changed slots in one call. Booked, held and started slots are shown disabled.
 * A new slot's price is the kind's line of the price list (Settings), and a price other than the list's is warned.
 */
export function SlotEditor({ kind, date, slots, priceLine, onClose }: SlotEditorProps) {
  const notify = useNotify();
  const formId = useId();
  const save = useSaveSlots();
  const remove = useDeleteSlot();
  const consultants = useConsultantChoices();
  const [formError, setFormError] = useState<string>();
  const [pendingDelete, setPendingDelete] = useState<{ index: number; id: number } | null>(null);
  // A save with slots outside their place's opening hours waits for a confirmation (a warning, not a refusal).
  const [outsideHours, setOutsideHours] = useState<{ lines: string[]; changes: Changes }>();
  const formErrorRef = useFocusWhenShown<HTMLParagraphElement>(formError);

  const initialRows = useMemo(() => {
    const now = new Date();
    const rows = slots.map((slot) => rowOf(slot, now));
    if (rows.length === 0) {
      const first = newRow(kind, date, rows, now, priceLine);
      if (first) rows.push(first);
    }
    return rows;
  }, [slots, kind, date, priceLine]);
  const original = useMemo(() => new Map(initialRows.map((row) => [row.id, row])), [initialRows]);

  const { control, register, handleSubmit, getValues, setError, clearErrors, formState } =
    useForm<EditorValues>({
      defaultValues: { slots: initialRows },
    });
  const {
    fields,
    append,
    replace,
    remove: removeRow,
  } = useFieldArray({ control, name: 'slots', keyName: 'key' });
  const errors = formState.errors.slots;
  const watchedSlots = useWatch({ control, name: 'slots' });

  const addSlot = () => {
    const row = newRow(kind, date, getValues('slots'), new Date(), priceLine);
    if (row) append(row);
    else notify.error('No later slot fits on this day.');
  };

  const fillDay = (generated: SlotRow[]) => {
    clearErrors();
    setFormError(undefined);
    replace([...getValues('slots').filter((row) => row.id !== null), ...generated]);
  };

  const onSubmit = async ({ slots: rows }: EditorValues) => {
    clearErrors();
    setFormError(undefined);
    let valid = true;
    const fail = (name: FieldPath<EditorValues>, message: string) => {
      const first = valid;
      valid = false;
      setError(name, { type: 'validate', message }, { shouldFocus: first });
    };
    const rowErrors = slotRowErrors(rows, slotTexts);
    rows.forEach((row, index) => {
      if (row.locked) return;
      const timeError = (['start', 'end'] as const).find(
        (field) => Number.isNaN(row[field]) || row[field] % TIME_STEP_MINUTES !== 0,
      );
      if (timeError) {
        fail(
          `slots.${index}.${timeError}`,
          Number.isNaN(row[timeError]) ? texts.required : generationTexts.step,
        );
      } else if (rowErrors[index]) {
        fail(`slots.${index}.end`, rowErrors[index]);
      }
      if (!kind.isVideoCall && !row.location) fail(`slots.${index}.location`, texts.required);
      if (!isSlotPrice(row.price)) fail(`slots.${index}.price`, slotTexts.priceInvalid);
    });
    if (!valid) return;

    const changes = changedSlots(rows, original, kind, date);
    if (changes.createRows.length + changes.updateRows.length === 0) {
      onClose();
      return;
    }
    const outside = slotsOutsideOpeningHours(rows, [...changes.createRows, ...changes.updateRows], date);
    if (outside.length > 0) {
      setOutsideHours({ lines: outside, changes });
      return;
    }
    await saveChanges(changes);
  };

  /** Sends the save; the API's refusals go on the rows they name. */
  const saveChanges = async ({ body, createRows, updateRows }: Changes) => {
    try {
      await save.mutateAsync(body);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? Object.entries(error.body.errors ?? {}) : [];
      let mapped = false;
      for (const [key, messages] of fieldErrors) {
        const target = rowFieldOfError(key, createRows, updateRows);
        if (target && messages[0]) {
          setError(
            `slots.${target.row}.${target.field}`,
            { type: 'server', message: messages[0] },
            { shouldFocus: !mapped },
          );
          mapped = true;
        }
      }
      if (!mapped) {
        if (error instanceof ApiError && error.status === 422) {
          setFormError(error.message);
        } else {
          notifyApiError(notify, error);
        }
      }
      return;
    }
    if (createRows.length > 0) notify.success(slotTexts.notices.created);
    if (updateRows.length > 0) notify.success(slotTexts.notices.updated);
    onClose();
  };

  const confirmOutsideHours = () => {
    const pending = outsideHours;
    setOutsideHours(undefined);
    if (pending) void saveChanges(pending.changes);
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await remove.mutateAsync(pendingDelete.id);
      removeRow(pendingDelete.index);
      notify.success(slotTexts.notices.deleted);
    } catch (error) {
      notifyApiError(notify, error);
    }
    setPendingDelete(null);
  };

  return (
    <form
      className="slot-editor"
      aria-labelledby={`${formId}-title`}
      noValidate
      onSubmit={handleSubmit(onSubmit)}
    >
      <h3 id={`${formId}-title`} className="slot-editor__title">
        Edit session slots
      </h3>
      <DayFill kind={kind} date={date} priceLine={priceLine} onFill={fillDay} />
      {priceLine && <p className="slot-editor__price-list">{priceListText(priceLine)}</p>}
      {formError && (
        <p ref={formErrorRef} className="slot-editor__form-error" role="alert" tabIndex={-1}>
          {formError}
        </p>
      )}
      <ol className="slot-editor__rows">
        {fields.map((field, index) => {
          const rowError = errors?.[index];
          const timeError = rowError?.end?.message ?? rowError?.start?.message;
          const disabled = field.locked;
          const id = `${formId}-${field.key}`;
          const price = watchedSlots?.[index]?.price;
          const priceWarned = !disabled && price !== undefined && differsFromPriceList(price, priceLine);
          const priceDescription = [
            ...(rowError?.price ? [`${id}-price-error`] : []),
            ...(priceWarned ? [`${id}-price-warning`] : []),
          ].join(' ');
          return (
            <li key={field.key}>
              <fieldset
                className={`slot-editor__row${kind.isVideoCall ? ' slot-editor__row--video' : ''}${disabled ? ' slot-editor__row--locked' : ''}`}
                aria-describedby={timeError ? `${id}-time-error` : undefined}
              >
                <legend className="slot-editor__legend">
                  Slot {index + 1}
                  {disabled && <span className="slot-editor__lock"> — {field.lockReason}</span>}
                </legend>
                <div className="field slot-editor__field">
                  <label className="field__label" htmlFor={`${id}-start`}>
                    Start time
                  </label>
                  <TimeInput
                    control={control}
                    name={`slots.${index}.start`}
                    id={`${id}-start`}
                    disabled={disabled}
                    errorId={timeError ? `${id}-time-error` : undefined}
                  />
                </div>
                <div className="field slot-editor__field">
                  <label className="field__label" htmlFor={`${id}-end`}>
                    End time
                  </label>
                  <TimeInput
                    control={control}
                    name={`slots.${index}.end`}
                    id={`${id}-end`}
                    disabled={disabled}
                    errorId={timeError ? `${id}-time-error` : undefined}
                  />
                </div>
                {!kind.isVideoCall && (
                  <div className="field slot-editor__field slot-editor__field--wide">
                    <label className="field__label" htmlFor={`${id}-location`}>
                      Address
                    </label>
                    <select
                      id={`${id}-location`}
                      className="field__input"
                      disabled={disabled}
                      aria-invalid={rowError?.location ? true : undefined}
                      aria-describedby={
                        rowError?.location ? `${id}-location-error ${id}-address` : `${id}-address`
                      }
                      {...register(`slots.${index}.location`)}
                    >
                      <option value="">Choose an address</option>
                      {LOCATIONS.map((place) => (
                        <option key={place.key} value={place.key}>
                          {place.label}
                        </option>
                      ))}
                    </select>
                    <AddressLine location={watchedSlots?.[index]?.location} id={`${id}-address`} />
                    {rowError?.location?.message && (
                      <div role="alert">
                        <FieldErrorMessage id={`${id}-location-error`}>
                          {rowError.location.message}
                        </FieldErrorMessage>
                      </div>
                    )}
                  </div>
                )}
                <div className="field slot-editor__field slot-editor__field--consultant">
                  <label className="field__label" htmlFor={`${id}-consultant`}>
                    Consultant
                  </label>
                  {/* Controlled, so a stored choice shows once the team list has loaded. */}
                  <Controller
                    control={control}
                    name={`slots.${index}.consultant`}
                    render={({ field: select }) => (
                      <select
                        ref={select.ref}
                        id={`${id}-consultant`}
                        name={select.name}
                        className="field__input"
                        disabled={disabled}
                        aria-invalid={rowError?.consultant ? true : undefined}
                        aria-describedby={rowError?.consultant ? `${id}-consultant-error` : undefined}
                        value={select.value}
                        onChange={select.onChange}
                        onBlur={select.onBlur}
                      >
                        <option value="">Clinic’s default</option>
                        {consultants.map((consultant) => (
                          <option key={consultant.id} value={String(consultant.id)}>
                            {consultant.name}
                          </option>
                        ))}
                      </select>
                    )}
                  />
                  {rowError?.consultant?.message && (
                    <div role="alert">
                      <FieldErrorMessage id={`${id}-consultant-error`}>
                        {rowError.consultant.message}
                      </FieldErrorMessage>
                    </div>
                  )}
                </div>
                <div className="field slot-editor__field slot-editor__field--price">
                  <label className="field__label" htmlFor={`${id}-price`}>
                    Price (€)
                  </label>
                  <input
                    id={`${id}-price`}
                    className="field__input"
                    inputMode="decimal"
                    disabled={disabled}
                    aria-invalid={rowError?.price ? true : undefined}
                    aria-describedby={priceDescription || undefined}
                    {...register(`slots.${index}.price`)}
                  />
                  {rowError?.price?.message && (
                    <div role="alert">
                      <FieldErrorMessage id={`${id}-price-error`}>{rowError.price.message}</FieldErrorMessage>
                    </div>
                  )}
                </div>
                <button
                  type="button"
                  className="button button--danger-secondary button--small slot-editor__delete"
                  disabled={disabled}
                  aria-label={`Delete slot ${index + 1}, ${formatTime24(field.start)} to ${formatTime24(field.end)}`}
                  onClick={() => {
                    if (field.id === null) removeRow(index);
                    else setPendingDelete({ index, id: field.id });
                  }}
                >
                  Delete
                </button>
                {timeError && (
                  <div role="alert" className="slot-editor__row-error">
                    <FieldErrorMessage id={`${id}-time-error`}>{timeError}</FieldErrorMessage>
                  </div>
                )}
                {priceWarned && (
                  <div className="slot-editor__row-error">
                    <PriceListWarning id={`${id}-price-warning`} price={price} priceLine={priceLine} />
                  </div>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="slot-editor__actions">
        <button type="button" className="button button--secondary" onClick={addSlot}>
          Add another session slot
        </button>
        <span className="slot-editor__spacer" />
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
        <button
          type="submit"
          className="button button--primary"
          aria-busy={save.isPending || undefined}
          disabled={save.isPending}
        >
          Save
        </button>
      </div>
      <ConfirmDialog
        open={outsideHours !== undefined}
        title="Save slots outside the opening hours?"
        message={
          <>
            {outsideHours?.lines.length === 1
              ? 'This slot is outside its place’s opening hours:'
              : 'These slots are outside their place’s opening hours:'}
            <ul className="slot-editor__outside">
              {outsideHours?.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            Patients can book them all the same.
          </>
        }
        confirmLabel="Save anyway"
        cancelLabel="Go back"
        confirmTone="primary"
        busy={save.isPending}
        onConfirm={confirmOutsideHours}
        onCancel={() => setOutsideHours(undefined)}
      />
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete available booking time ?"
        message="Users cannot book an appointment at this time."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </form>
  );
}

/** The chosen location's full address under the select (the select shows its short label). */
function AddressLine({ location, id }: { location: LocationKey | '' | undefined; id: string }) {
  const place = location ? clinic.locations[location] : undefined;
  return (
    <p id={id} className="field__hint">
      {place ? formatAddress(place) : 'No address chosen.'}
    </p>
  );
}

/**
 * A slot's start or end: `<input type="time">` in 5-minute steps, which staff can type into or step with the
 * arrow keys (the browser shows it in its locale's 12- or 24-hour clock); the form holds minutes after midnight.
 */
function TimeInput({
  control,
  name,
  id,
  disabled,
  errorId,
}: {
  control: Control<EditorValues>;
  name: `slots.${number}.start` | `slots.${number}.end`;
  id: string;
  disabled: boolean;
  errorId: string | undefined;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <input
          ref={field.ref}
          id={id}
          name={field.name}
          type="time"
          step={TIME_STEP_MINUTES * 60}
          className="field__input"
          disabled={disabled}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          value={timeValue(field.value)}
          onChange={(event) => field.onChange(parseTimeValue(event.target.value))}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

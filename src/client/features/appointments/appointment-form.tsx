import { type FormEventHandler, type ReactNode, useEffect, useMemo, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { AdminPatient } from '../../../shared/patients';
import { useAdminForm } from '../../components/admin-page/use-admin-form';
import { ErrorSummary } from '../../components/error-summary/error-summary';
import type { FormSlot } from '../../lib/patient-fields';
import {
  type AppointmentFormFields,
  appointmentBody,
  appointmentErrorItems,
  appointmentFormDefaults,
  appointmentFormSchema,
  recordedFormValues,
  slotRefusalOf,
} from './appointment-form-values';

/**
 * The patient form of a new appointment, or of `appointment` being edited, checked for the slot's kind; saved,
 * it shows `notice` and goes to `listPath`. A save refused for its time (taken, started) goes to
 * `onSlotRefused`, not to the fields or the error notice.
 */
export function useAppointmentForm({
  slot,
  appointment,
  save,
  notice,
  listPath,
  onSlotRefused,
  record,
}: {
  slot: FormSlot;
  appointment?: { patientId: number; initial: AppointmentFormFields };
  /** A new appointment for this patient in the records: the form starts from their record. */
  record?: AdminPatient;
  save: { mutateAsync: (body: FormData) => Promise<unknown> };
  notice: string;
  listPath: string;
  onSlotRefused: (reason: string) => void;
}) {
  const schema = useMemo(() => appointmentFormSchema(slot, record), [slot, record]);
  return useAdminForm({
    schema,
    defaultValues: appointment?.initial ?? (record ? recordedFormValues(record) : appointmentFormDefaults()),
    save,
    toBody: (values) => appointmentBody(values, slot, appointment, record),
    notice,
    listPath,
    focusErrors: false,
    onError: (error) => {
      const reason = slotRefusalOf(error);
      if (!reason) return false;
      onSlotRefused(reason);
      return true;
    },
  });
}

/**
 * The form of an appointment's screen: the error summary (focused after a save the form itself refused, each
 * item linking to its field, as the public forms do), the patient's (or child's) details, then the actions.
 */
export function AppointmentForm({
  form,
  slot,
  saving,
  onSubmit,
  children,
  actions,
}: {
  form: UseFormReturn<AppointmentFormFields>;
  slot: FormSlot;
  saving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  actions: ReactNode;
}) {
  const { errors, submitCount } = form.formState;
  const items = appointmentErrorItems(errors, slot);
  const summaryRef = useRef<HTMLDivElement>(null);
  const hasItems = items.length > 0;
  // Only on a submit the form refused itself; a server's answer comes later and focuses its field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each submit, with that submit's errors
  useEffect(() => {
    if (submitCount > 0 && hasItems) summaryRef.current?.focus();
  }, [submitCount]);
  return (
    <form
      className="admin-form appointment-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="appointment-form-title"
      aria-busy={saving || undefined}
    >
      <h2 id="appointment-form-title" className="appointment-form__title">
        {slot.isAdult ? 'Patient details' : "Child's details"}
      </h2>
      <ErrorSummary ref={summaryRef} items={items} onSelect={(name) => form.setFocus(name as never)} />
      {children}
      <div className="admin-form__actions">{actions}</div>
    </form>
  );
}

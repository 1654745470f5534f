import { type FormEventHandler, type ReactNode, useMemo } from 'react';
import { useAdminForm } from '../../components/admin-page/use-admin-form';
import type { FormSlot } from '../../lib/patient-fields';
import {
  type AppointmentFormFields,
  appointmentBody,
  appointmentFormDefaults,
  appointmentFormSchema,
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
}: {
  slot: FormSlot;
  appointment?: { patientId: number; initial: AppointmentFormFields };
  save: { mutateAsync: (body: FormData) => Promise<unknown> };
  notice: string;
  listPath: string;
  onSlotRefused: (reason: string) => void;
}) {
  const schema = useMemo(() => appointmentFormSchema(slot), [slot]);
  return useAdminForm({
    schema,
    defaultValues: appointment?.initial ?? appointmentFormDefaults(),
    save,
    toBody: (values) => appointmentBody(values, slot, appointment),
    notice,
    listPath,
    onError: (error) => {
      const reason = slotRefusalOf(error);
      if (!reason) return false;
      onSlotRefused(reason);
      return true;
    },
  });
}

/** The form of an appointment's screen: the patient's (or child's) details, then the actions. */
export function AppointmentForm({
  isAdult,
  saving,
  onSubmit,
  children,
  actions,
}: {
  isAdult: boolean;
  saving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <form
      className="admin-form appointment-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="appointment-form-title"
      aria-busy={saving || undefined}
    >
      <h2 id="appointment-form-title" className="appointment-form__title">
        {isAdult ? 'Patient details' : "Child's details"}
      </h2>
      {children}
      <div className="admin-form__actions">{actions}</div>
    </form>
  );
}

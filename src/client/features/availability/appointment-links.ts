/** The appointment create screen for a held slot (features/appointments owns it). */
export const createAppointmentPath = (slotId: number) => `/admin/appointment/create?session_id=${slotId}`;

/** An appointment's screen (features/appointments owns it). */
export const appointmentPath = (appointmentId: number) => `/admin/appointment/edit?id=${appointmentId}`;

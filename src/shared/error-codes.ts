/**
 * The stable `code` of every API error (DESIGN.md section 3: "every error body may carry a stable code beside
 * error_messages"). `error_messages` is the text a person reads and may change; the code names the reason and does
 * not, so the server's callers and the browser branch on it, never on the text. One reason, one code, whoever is
 * told and in whatever words (staff and a patient read different texts for `payment_in_progress`).
 */
const errorCodes = [
  // Any request
  /** No such record, or no such path (404): the path says what was looked for. */
  'not_found',
  'invalid_input',
  'invalid_characters',
  'unknown_field',
  'one_file_expected',
  'invalid_json',
  /** A JSON body with a field named `__proto__` (or `constructor` holding `prototype`), at any depth (400). */
  'forbidden_field',
  /** A JSON body that is not an object of fields: `null`, a list or a single value (400). */
  'json_not_object',
  'invalid_address',
  'body_not_allowed',
  'unreadable_form',
  'unsupported_media_type',
  'too_large',
  'too_complex',
  'rate_limited',
  'uploads_in_flight',
  'server_busy',
  'cross_site',
  'unauthorized',
  'concurrent_change',
  'service_unavailable',
  'internal_error',
  'bad_request',
  // Signing in
  'sign_in_failed',
  'sign_in_throttled',
  /** A back-office token unused for ADMIN_IDLE_MINUTES (401): the sign-in page says so. */
  'session_idle',
  /** A back-office token older than ADMIN_SESSION_HOURS, however much it was used (401). */
  'session_expired',
  // Staff accounts and roles
  /** The signed-in staff member's role may not call this endpoint (403). */
  'role_forbidden',
  /** The clinic requires a second factor and this staff member has none yet: only setting one up is open (403). */
  'second_factor_required',
  /** A wrong app code, recovery code or password for a second factor (401 at sign-in, 422 on the account page). */
  'second_factor_wrong',
  /** The sign-in's second step is unknown, expired, used or ended by five wrong codes: sign in again (401). */
  'second_factor_challenge_ended',
  /** An authenticator app is already set up (409), or none is (409 when confirming or removing). */
  'second_factor_exists',
  'second_factor_missing',
  /** A passkey's answer did not verify, or its registration took too long (422). */
  'passkey_failed',
  /** An invitation to an e-mail address that has an account already (409). */
  'staff_email_taken',
  /** Disabling or demoting the last enabled administrator (409). */
  'last_administrator',
  /** Sending again an invitation someone has accepted (409). */
  'invitation_not_pending',
  /** Sending an invitation to a disabled account (409): it is enabled first. */
  'staff_disabled',
  /** An invitation token unknown, used, replaced or of a disabled account; one past its 72 hours (422 both). */
  'invitation_invalid',
  'invitation_expired',
  /**
   * A new password too short, too long, commonly used, a run or repeat, or holding the e-mail address or the
   * clinic's name (422 on the password field).
   */
  'password_refused',
  // Files
  'file_empty',
  'file_type_refused',
  'file_unreadable',
  'visitor_uploads_used_up',
  // Content
  'article_date_invalid',
  'article_content_invalid',
  'faq_answer_required',
  'fee_category_missing',
  'fee_lines_invalid',
  'fee_price_too_low',
  /**
   * Deleting a price line a bookable kind costs (Settings, Prices), or the service or category holding it (409): the
   * booking page would lose its price; staff choose another line there first.
   */
  'fee_price_linked',
  // Slots and holds
  /** The time a form names does not exist (422 on the form's field). */
  'slot_not_found',
  'slot_overlaps',
  'slot_in_past',
  'slot_changed_twice',
  'slot_not_editable',
  'slot_booked_by_setting',
  'slot_booked',
  'slot_taken',
  /** Staff change or delete a slot a booking is holding (a visitor's hold, or a staff booking under way). */
  'slot_held',
  'hold_missing',
  /** A time held to move a booking (through its booking link) sent to make a new booking. */
  'hold_for_move',
  'holds_limit',
  'hold_lifetime_reached',
  /** A slot saved (created, changed, copied) inside a closure of the clinic (422 on the slot's entry). */
  'slot_in_closure',
  /** Staff hold or release a slot a closure withdrew (409). */
  'slot_withdrawn',
  // Closures of the clinic
  /** A closure over days and hours another one of the same place (or of every place) already closes (409). */
  'closure_overlaps',
  /** A closure starting before today (422 on `from`). */
  'closure_in_past',
  /** A closure whose last day and hours are over already, clinic time (422 on `to`). */
  'closure_ended',
  // Bookings and appointments
  'bookings_limit',
  'booking_token_mismatch',
  'appointment_ended',
  'appointment_not_movable',
  'appointment_not_cancellable',
  'appointment_changed',
  'appointment_not_changeable',
  'appointment_patient_mismatch',
  'patient_erased',
  /** A booking for a patient in the records (`patient_id`) that names none, or one whose data was erased (422). */
  'patient_not_found',
  /** A booking for a patient whose record is an adult's on a child's time, or the other way round (422). */
  'patient_other_kind',
  /** A booking for a patient in the records that would change what the record keeps as it is (422, on the field). */
  'patient_record_kept',
  'slot_not_free',
  'slot_other_kind',
  'slot_started',
  'slot_other_price',
  'attendance_too_early',
  'attendance_not_allowed',
  'arrival_not_today',
  'arrival_undo_refunded',
  'notice_passed',
  'cancel_in_progress',
  /** A flag (could not stop, unwell) for an appointment that is not an allergy test (409). */
  'flag_not_offered',
  /** The one move a flag allows inside the notice was made already (409). */
  'free_move_used',
  'free_move_no_cancel',
  /**
   * The free move after "I could not stop my antihistamines" to a time too soon to stop them again (422, on
   * `session_id`).
   */
  'free_move_too_soon',
  /** A join link for an appointment that is not a video consultation (422). */
  'not_video',
  /** Staff mark as dealt with a flag the appointment does not carry (none, or dealt with already) (409). */
  'flag_not_open',
  /** The patient flagged it again since staff read it: the flag staff saw is not the one it carries (409). */
  'flag_changed',
  // Payments
  'payment_method_invalid',
  'payment_unknown',
  'card_declined',
  'provider_unavailable',
  'payment_in_progress',
  'already_paid',
  'booking_cancelled',
  'refund_not_allowed',
  'refund_in_progress',
  'refund_other_provider',
  'refund_failed',
  /** A refund of more than what is left of the payment to give back (422 on `amount`). */
  'refund_too_large',
  /**
   * An earlier refund of the payment the provider left unanswered, for another amount than asked now (409): it is
   * asked again first, with its own amount, so nothing is given back twice.
   */
  'refund_unconfirmed',
  /** Money taken at the desk for an appointment staff did not book, or that has ended (422). */
  'desk_payment_not_allowed',
  /** Money taken at the desk of more than the appointment's price less what was paid (422 on `amount`). */
  'desk_payment_too_large',
  'webhook_disabled',
  'webhook_signature_invalid',
  'webhook_unreadable',
  /** A provider's webhook already received (the same message, or the same status of it): refused (409), nothing changed. */
  'webhook_replayed',
  /** A text provider's status callback for a message the outbox never sent (404). */
  'text_not_found',
  /** Texts asked for on a booking without a number that can receive them (422 on `phone`). */
  'sms_phone_invalid',
  // Receipts
  'receipt_not_paid',
  // Self-referrals
  'referral_decided',
  'referral_form_too_large',
  'referrals_limit',
  // Patients
  'erase_upcoming',
  'erase_payment_in_progress',
  'erase_newer_than_cutoff',
  // E-mails
  'email_not_resendable',
  // Intake and consent forms
  /** The date of birth sent as X-Date-Of-Birth is not the patient's, or none is recorded to check it against (403). */
  'intake_identity_wrong',
  /** X-Date-Of-Birth is not a real YYYY-MM-DD day (2015-02-31): refused before any try is counted (422). */
  'intake_date_of_birth_invalid',
  /** Too many wrong dates of birth for a booking from an address (429), limited like sign-in. */
  'intake_identity_throttled',
  /** The appointment is cancelled or over: its form can no longer be filled (409). */
  'intake_closed',
  /** Signing again a version of the form already signed, with the same answers (409). */
  'intake_already_signed',
  /** Signing without every required answer, the consent or a signature that is the signer's name (422, on the fields). */
  'intake_incomplete',
  // The wait list
  /** Too many active entries for one e-mail address, or entries from one address this hour (429). */
  'waitlist_limit',
  /** The e-mail address already waits for this kind of appointment (adult or child, test or video) (409). */
  'waitlist_already_waiting',
  /** An offer token that is not open: lapsed, declined, booked, or for another slot (409). */
  'offer_not_valid',
  /** The entry has ended (booked, left or its dates passed): it cannot be left or offered again (409). */
  'waitlist_entry_ended',
  /** Staff offered a time that is not free, not of the entry's kind, or to an entry with an open offer (409). */
  'waitlist_offer_refused',
  // Replies to texts
  /** A reply to a text that someone has already marked dealt with (409). */
  'reply_dealt_with',
  /** A STOP reply: it withdrew the consent by itself, there is nothing to deal with (409). */
  'reply_needs_nothing',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

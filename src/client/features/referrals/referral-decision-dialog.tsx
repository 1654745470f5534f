import { useId, useRef, useState } from 'react';
import {
  type ReferralBookingKind,
  type ReferralDecision,
  type ReferralDecisionInput,
  referralBookingKinds,
  referralDecisionSchema,
  referralTexts,
} from '../../../shared/referrals';
import { texts } from '../../../shared/validation-texts';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { TextAreaField } from '../../components/form-field/text-area-field';
import { ApiError } from '../../lib/api-client';
import { decisionTexts } from './referral-labels';

/** What each booking kind is called in the acceptance's choice. */
const bookingChoiceLabels: Record<ReferralBookingKind, string> = {
  booking_test: 'Allergy test',
  booking_video: 'Video consultation',
};

/** The notice once the patient has been e-mailed (spec section 8's kind of notice, the contract's words). */
export const decisionNotices: Record<ReferralDecision, string> = {
  accepted: referralTexts.accepted,
  declined: referralTexts.declined,
  more_info: referralTexts.moreInfo,
};

/** What the dialog sends: the decision, the message (if written) and, for an acceptance, what to book. */
export function decisionRequest(
  decision: ReferralDecision,
  message: string,
  bookingKind: ReferralBookingKind,
): ReferralDecisionInput {
  const text = message.trim();
  return {
    status: decision,
    ...(text ? { message: text } : {}),
    ...(decision === 'accepted' ? { booking_kind: bookingKind } : {}),
  };
}

/** The message's problem as the server would say it (the shared schema), or undefined. */
export function messageIssue(request: ReferralDecisionInput): string | undefined {
  const parsed = referralDecisionSchema.safeParse(request);
  if (parsed.success) return undefined;
  return parsed.error.issues.find((issue) => issue.path[0] === 'message')?.message ?? texts.defaultError;
}

export interface ReferralDecisionDialogProps {
  /** The decision being confirmed; null while closed. */
  decision: ReferralDecision | null;
  /** The patient's name, in the title. */
  name: string;
  /** Sends the decision; rejects with the ApiError when refused. */
  decide: (request: ReferralDecisionInput) => Promise<unknown>;
  /** Once the patient has been e-mailed: the page shows the notice and the new state. */
  onDecided: (decision: ReferralDecision) => void;
  onCancel: () => void;
}

/**
 * A decision's confirmation: what will happen to the patient, and its text box (the note, the reason, the
 * question), checked with the same schema as the server; an acceptance also asks what the patient should
 * book. A refusal of the server's is shown in the dialog: a message's under its box, any other (a 409 once the
 * referral was decided elsewhere) above the buttons.
 */
export function ReferralDecisionDialog({
  decision,
  name,
  decide,
  onDecided,
  onCancel,
}: ReferralDecisionDialogProps) {
  // The last decision stays while the dialog closes, so its texts do not change under it.
  const [shown, setShown] = useState<ReferralDecision>(decision ?? 'accepted');
  const [bookingKind, setBookingKind] = useState<ReferralBookingKind>('booking_test');
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [openedFor, setOpenedFor] = useState<ReferralDecision | null>(null);
  // The focus starts in the first field: the choice of what to book, or the text box.
  const choiceRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const choiceName = useId();

  // Each opening starts afresh: nothing typed for another decision, no earlier refusal.
  if (decision !== openedFor) {
    setOpenedFor(decision);
    if (decision) {
      setShown(decision);
      setBookingKind('booking_test');
      setMessage('');
      setMessageError(undefined);
      setRefusal(undefined);
    }
  }

  const dialog = decisionTexts(shown, name, bookingKind);

  const confirm = async () => {
    const request = decisionRequest(shown, message, bookingKind);
    const issue = messageIssue(request);
    setRefusal(undefined);
    if (issue) {
      setMessageError(issue);
      messageRef.current?.focus();
      return;
    }
    setMessageError(undefined);
    setBusy(true);
    try {
      await decide(request);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : undefined;
      const fieldError = apiError?.body.errors?.message?.[0];
      if (fieldError) {
        setMessageError(fieldError);
        messageRef.current?.focus();
      } else setRefusal(apiError?.message ?? texts.defaultError);
      return;
    } finally {
      setBusy(false);
    }
    onDecided(shown);
  };

  return (
    <ConfirmDialog
      open={decision !== null}
      title={dialog.title}
      message={<p>{dialog.outcome}</p>}
      confirmLabel={dialog.confirmLabel}
      confirmTone={dialog.tone}
      cancelLabel="Cancel"
      busy={busy}
      error={refusal}
      initialFocusRef={shown === 'accepted' ? choiceRef : messageRef}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      {shown === 'accepted' && (
        <fieldset className="referral-choice">
          <legend className="field__label">What should the patient book?</legend>
          {referralBookingKinds.map((kind) => (
            <label key={kind} className="referral-choice__option">
              <input
                ref={kind === referralBookingKinds[0] ? choiceRef : undefined}
                type="radio"
                name={choiceName}
                value={kind}
                checked={bookingKind === kind}
                onChange={() => setBookingKind(kind)}
              />
              {bookingChoiceLabels[kind]}
            </label>
          ))}
        </fieldset>
      )}
      <TextAreaField
        ref={messageRef}
        label={dialog.messageLabel}
        hint={dialog.messageHint}
        required={dialog.messageRequired}
        rows={4}
        value={message}
        error={messageError}
        onChange={(event) => {
          setMessage(event.target.value);
          if (messageError) setMessageError(undefined);
        }}
      />
    </ConfirmDialog>
  );
}

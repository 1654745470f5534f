import { clinic } from '../../../shared/clinic';
import { type IntakeQuestion, intakeFormVersion, multiChoiceValues } from '../../../shared/intake';
import type { StaffIntake } from '../../../shared/intake-schemas';

const signerLabels = { patient: 'the patient', guardian: 'the parent or guardian' } as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IE', {
    timeZone: clinic.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });

const optionLabel = (question: IntakeQuestion, value: string) =>
  question.options?.find((option) => option.value === value)?.label ?? value;

/** An answer in the words the patient chose it by: a multiple choice's labels, not its stored values. */
export function answerText(question: IntakeQuestion | undefined, value: string): string {
  if (question?.type === 'yes_no') return value === 'yes' ? 'Yes' : value === 'no' ? 'No' : value;
  if (question?.type === 'choice') return optionLabel(question, value);
  if (question?.type === 'multi_choice')
    return multiChoiceValues(value)
      .map((each) => optionLabel(question, each))
      .join(', ');
  return value;
}

/** The answers in the form's order (the database keeps them in its own), then any the version does not know. */
function answersInOrder(
  questions: readonly IntakeQuestion[],
  answers: Record<string, string>,
): [string, string][] {
  const asked = questions.flatMap((question) =>
    answers[question.key] === undefined
      ? []
      : [[question.key, answers[question.key] ?? ''] as [string, string]],
  );
  const known = new Set(questions.map((question) => question.key));
  return [...asked, ...Object.entries(answers).filter(([key]) => !known.has(key))];
}

/**
 * The appointment's intake and consent form as the patient sent it: whether it is signed, by whom and when, on which
 * version, and (for a role that sees health details) each answer beside its question, as that version asked it.
 */
export function IntakeInfo({ intake }: { intake: StaffIntake | null }) {
  const questions = intake ? (intakeFormVersion(intake.form, intake.version)?.questions ?? []) : [];
  return (
    <section className="admin-panel intake-info" aria-labelledby="appointment-intake-title">
      <h2 id="appointment-intake-title" className="admin-panel__title">
        Intake and consent form
      </h2>
      {!intake ? (
        <p>Not begun yet: the patient has the link in their confirmation e-mail.</p>
      ) : (
        <>
          <p>
            {intake.status === 'signed' ? (
              <>
                <span aria-hidden="true">☑ </span>
                <strong>Signed</strong> by {intake.signature} ({signerLabels[intake.signer ?? 'patient']})
                {intake.signed_at && <> on {when(intake.signed_at)}</>}, {intake.form} form version{' '}
                {intake.version}
                {intake.revision > 1 && <>, change {intake.revision - 1} after a first signing</>}.
              </>
            ) : (
              <>
                <strong>Not signed yet</strong>: the patient has begun it ({intake.form} form).
              </>
            )}
            {intake.changing && ' The patient has begun a change since; this is the signed one.'}
          </p>
          {intake.answers && (
            <dl className="admin-facts intake-info__answers">
              {answersInOrder(questions, intake.answers).map(([key, value]) => {
                const question = questions.find((each) => each.key === key);
                return (
                  <div key={key} className="admin-facts__wide">
                    <dt>{question?.label ?? key}</dt>
                    <dd>{answerText(question, value)}</dd>
                  </div>
                );
              })}
            </dl>
          )}
        </>
      )}
    </section>
  );
}

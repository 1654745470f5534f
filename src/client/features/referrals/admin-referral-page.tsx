import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { type ReferralDecision, type ReferralDetail, referralBookingLabels } from '../../../shared/referrals';
import { AdminFormHeader } from '../../components/admin-page/admin-form-header';
import { AdminRecordPage } from '../../components/admin-page/admin-record-page';
import { useNotify } from '../../components/notifications/use-notify';
import { PatientDetails } from '../../components/patient-details/patient-details';
import { StateBadge } from '../../components/state-badge/state-badge';
import { idFromParam } from '../../lib/admin-resource';
import { clinicToday, formatAdminDateTime } from '../../lib/clinic-clock';
import { useFileDownload } from '../../lib/download-file';
import type { RouteHandle } from '../../lib/route-handle';
import { timeAgo } from '../../lib/time-ago';
import { decisionNotices, ReferralDecisionDialog } from './referral-decision-dialog';
import {
  decisionOrder,
  decisionTexts,
  isOverdue,
  lastMessageLabel,
  referralTone,
  stateExplanation,
} from './referral-labels';
import { useDecideReferral, useReferral } from './referrals-admin-api';
import './referrals.css';

export const handle: RouteHandle = {
  // Never the patient's name: titles end up in the browser's history.
  head: () => ({ title: 'Referral – Back office', description: 'A referral to triage.', noindex: true }),
};

const BACK = { backTo: '/admin/referrals', backLabel: 'Back to referrals' } as const;

/**
 * /admin/referrals/{id}: a referral's state, when it came and what staff last wrote to the patient; its
 * patient's detail (spec 2.6, the referral variant: the letter to download, or the form's answers); and the
 * decisions allowed now, each after a dialog saying what the patient will be e-mailed.
 */
export function Component() {
  const { id: param } = useParams();
  const id = idFromParam(param);
  const record = useReferral(id);
  return (
    <AdminRecordPage
      record={record}
      missing={id === undefined}
      what="referral"
      title="Referral"
      notFoundTitle="Referral not found"
      {...BACK}
    >
      {({ referral }) => <ReferralScreen key={referral.id} referral={referral} />}
    </AdminRecordPage>
  );
}

const dateWithAgo = (instant: string, now: Date) => (
  <>
    <time dateTime={instant}>{formatAdminDateTime(instant)}</time> ({timeAgo(instant, now)})
  </>
);

function ReferralScreen({ referral }: { referral: ReferralDetail }) {
  const notify = useNotify();
  const files = useFileDownload();
  const decide = useDecideReferral(referral.id);
  const [decision, setDecision] = useState<ReferralDecision | null>(null);
  const [decided, setDecided] = useState(0);
  const triageRef = useRef<HTMLHeadingElement>(null);
  const { patient } = referral;
  const name = patient.full_name;
  const now = new Date();
  const actions = decisionOrder.filter((each) => referral.allowed.includes(each));

  // After a decision the triage panel takes the focus: its buttons may have gone, and it says the new state.
  useEffect(() => {
    if (decided > 0) triageRef.current?.focus();
  }, [decided]);

  return (
    <div className="referral-page">
      <AdminFormHeader
        title={name}
        eyebrow={
          <p className="admin-eyebrow">
            Referral, sent with{' '}
            {referral.has_referral_letter ? 'a referral letter' : 'the self-referral form'}
            {patient.is_adult ? '' : ', child'}
          </p>
        }
        {...BACK}
      >
        <Link className="button button--secondary" to={`/admin/patients/${patient.id}`}>
          Patient record
        </Link>
      </AdminFormHeader>

      <section className="admin-panel referral-triage" aria-labelledby="referral-triage-title">
        <h2 id="referral-triage-title" ref={triageRef} className="admin-panel__title" tabIndex={-1}>
          Triage
        </h2>
        <dl className="admin-facts">
          <div>
            <dt>State</dt>
            <dd>
              <StateBadge tone={referralTone(referral.status)} large>
                {referral.status_label}
              </StateBadge>
            </dd>
          </div>
          <div>
            <dt>Received</dt>
            <dd className={isOverdue(referral, now) ? 'referral-triage__overdue' : undefined}>
              {dateWithAgo(referral.received_at, now)}
            </dd>
          </div>
          {referral.decided_at && (
            <div>
              <dt>Last decided</dt>
              <dd>{dateWithAgo(referral.decided_at, now)}</dd>
            </div>
          )}
          {referral.status === 'accepted' && referral.booking_kind && (
            <div>
              <dt>Asked to book</dt>
              <dd>{referralBookingLabels[referral.booking_kind]}</dd>
            </div>
          )}
          {referral.message && (
            <div className="admin-facts__wide">
              <dt>{lastMessageLabel(referral.status)}</dt>
              <dd className="referral-triage__message">{referral.message}</dd>
            </div>
          )}
        </dl>
        <p className="referral-triage__next">{stateExplanation(referral)}</p>
        {actions.length > 0 && (
          <div className="referral-triage__actions">
            {actions.map((each) => (
              <button
                key={each}
                type="button"
                className={`button ${
                  each === 'accepted'
                    ? 'button--primary'
                    : each === 'declined'
                      ? 'button--danger-secondary'
                      : 'button--secondary'
                }`}
                onClick={() => setDecision(each)}
              >
                {decisionTexts(each, name).action}
              </button>
            ))}
          </div>
        )}
      </section>

      <PatientDetails
        patient={patient}
        today={clinicToday()}
        onDownload={(file) => void files.download(file.url, { fallbackName: file.name })}
        downloading={files.pending}
        withRecords={false}
      />

      <ReferralDecisionDialog
        decision={decision}
        name={name}
        decide={decide.mutateAsync}
        onDecided={(made) => {
          setDecision(null);
          setDecided((count) => count + 1);
          notify.success(decisionNotices[made]);
        }}
        onCancel={() => setDecision(null)}
      />
    </div>
  );
}

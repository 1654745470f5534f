import { useState } from 'react';
import { Link } from 'react-router';
import type { FaQuestion } from '../../../shared/faq';
import { REFERRAL_PATH } from '../../components/site-header/site-menu';
import type { RouteHandle } from '../../lib/route-handle';
import { faQuestionsQueryKey, useFaQuestions } from './faq-api';

export const handle: RouteHandle = {
  queries: () => [faQuestionsQueryKey()],
  head: () => ({
    title: 'FAQs',
    description:
      'Answers to common questions about allergy testing, appointments, fees and health insurance at the clinic.',
  }),
};

/** A plain answer keeps its line breaks: blank lines separate paragraphs. */
function plainParagraphs(answer: string): string[] {
  return answer
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

function FaqItem({
  question,
  open,
  onToggle,
}: {
  question: FaQuestion;
  open: boolean;
  onToggle: () => void;
}) {
  const buttonId = `faq-question-${question.id}`;
  const panelId = `faq-answer-${question.id}`;
  return (
    <li className="faq-item">
      <h2 className="faq-item__heading">
        <button
          type="button"
          id={buttonId}
          className="faq-item__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span className="faq-item__title">{question.title}</span>
          <span className="faq-item__icon" aria-hidden="true" />
        </button>
      </h2>
      {question.asHtml ? (
        <section
          id={panelId}
          aria-labelledby={buttonId}
          className="faq-item__answer faq-item__answer--html"
          hidden={!open}
          // Sanitised by the server (GET /api/fa_questions) before it reaches the page.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the answer HTML is sanitised by the server.
          dangerouslySetInnerHTML={{ __html: question.answer }}
        />
      ) : (
        <section id={panelId} aria-labelledby={buttonId} className="faq-item__answer" hidden={!open}>
          {plainParagraphs(question.answer).map((paragraph, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed answer.
            <p key={index}>{paragraph}</p>
          ))}
        </section>
      )}
    </li>
  );
}

export function Component() {
  const { data, isPending, isError, error } = useFaQuestions();
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(() => new Set());

  function toggle(id: number) {
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <div className="page container">
      <h1 className="page__title">FAQs</h1>
      <p className="page__lead">
        Answers to the questions we are asked most often. Select a question to read the answer.
      </p>
      <p>
        Have a referral letter, or want the clinic to triage your case?{' '}
        <Link to={REFERRAL_PATH}>Send a self-referral</Link>.
      </p>
      {isPending && <p role="status">Loading the questions…</p>}
      {isError && <p role="alert">{error.message}</p>}
      {data &&
        (data.fa_questions.length === 0 ? (
          <p>There are no questions yet.</p>
        ) : (
          <ul className="faq-list">
            {data.fa_questions.map((question) => (
              <FaqItem
                key={question.id}
                question={question}
                open={openIds.has(question.id)}
                onToggle={() => toggle(question.id)}
              />
            ))}
          </ul>
        ))}
    </div>
  );
}

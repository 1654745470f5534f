import type { Ref } from 'react';
import './error-summary.css';

export interface ErrorSummaryItem {
  /** The field's name, handed to `onSelect`. */
  name: string;
  /** The id of the field's control, for the link. */
  targetId: string;
  /** The field's label, then its message: 'First name: Text is too short.' */
  label: string;
  message: string;
}

/** 'First name: Text is too short.'; a label that is a question keeps its own mark: 'Which …? Choose …'. */
export function summaryLine({ label, message }: Pick<ErrorSummaryItem, 'label' | 'message'>): string {
  return /[?!]$/.test(label.trim()) ? `${label.trim()} ${message}` : `${label}: ${message}`;
}

/**
 * The list of a form's errors above it, each linking to its field. A form moves the focus here after a
 * failed submit (`ref`), so a screen reader reads what is wrong first; following a link focuses the field.
 */
export function ErrorSummary({
  items,
  onSelect,
  ref,
}: {
  items: readonly ErrorSummaryItem[];
  onSelect: (name: string) => void;
  ref?: Ref<HTMLDivElement>;
}) {
  if (items.length === 0) return null;
  return (
    <div className="error-summary" tabIndex={-1} ref={ref}>
      <div role="alert">
        <h2 id="error-summary-title" className="error-summary__title">
          There is a problem
        </h2>
        <ul className="error-summary__list">
          {items.map((item) => (
            <li key={item.name}>
              <a
                href={`#${item.targetId}`}
                onClick={(event) => {
                  event.preventDefault();
                  onSelect(item.name);
                }}
              >
                {summaryLine(item)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

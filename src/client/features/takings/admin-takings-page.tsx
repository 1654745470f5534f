import { useId } from 'react';
import { useSearchParams } from 'react-router';
import type { TakingsResponse } from '../../../shared/takings';
import { DayInput } from '../../components/day-input/day-input';
import { FieldErrorMessage } from '../../components/form-field/field-error-message';
import { clinicToday } from '../../lib/clinic-clock';
import { useFileDownload } from '../../lib/download-file';
import type { RouteHandle } from '../../lib/route-handle';
import { takingsCsvUrl, useTakings } from './takings-admin-api';
import { TakingsChart } from './takings-chart';
import { countOf, euroFigure, monthOf, netOf, rangeProblem } from './takings-labels';
import './takings.css';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Takings – Back office',
    description: 'The money taken and given back, day by day.',
    noindex: true,
  }),
};

/**
 * /admin/takings (issue 32): the money taken and given back between two clinic days (this month unless the address
 * says `?from=YYYY-MM-DD&to=YYYY-MM-DD`), as a bar chart of each day and a table of each day's figures with their
 * totals, and Takings.csv of the range for the bookkeeper (a row a payment and a refund, with the provider's ids).
 */
export function Component() {
  return <TakingsPage />;
}

function TakingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const today = clinicToday();
  const thisMonth = monthOf(today);
  const from = searchParams.get('from') ?? thisMonth.from;
  const to = searchParams.get('to') ?? thisMonth.to;
  const problem = rangeProblem(from, to);
  const takings = useTakings(problem ? undefined : { from, to });
  const { download, pending } = useFileDownload();
  const fromId = useId();
  const toId = useId();
  const errorId = useId();

  const setRange = (range: { from: string; to: string }) =>
    setSearchParams(new URLSearchParams(range), { replace: true, preventScrollReset: true });
  const lastMonth = monthOf(today, -1);
  const data = problem ? undefined : takings.data;
  const fileName = `Takings ${from} to ${to}.csv`;

  return (
    <div className="takings">
      <div className="admin-page__header">
        <h1 className="admin-page__title">Takings</h1>
      </div>

      <form className="takings-range" aria-label="Days shown" onSubmit={(event) => event.preventDefault()}>
        <div className="field takings-range__day">
          <label className="field__label" htmlFor={fromId}>
            From
          </label>
          <DayInput
            id={fromId}
            className="field__input"
            value={from}
            aria-invalid={problem?.field === 'from' || undefined}
            aria-describedby={problem?.field === 'from' ? errorId : undefined}
            onDay={(day) => setRange({ from: day, to })}
          />
        </div>
        <div className="field takings-range__day">
          <label className="field__label" htmlFor={toId}>
            To
          </label>
          <DayInput
            id={toId}
            className="field__input"
            value={to}
            aria-invalid={problem?.field === 'to' || undefined}
            aria-describedby={problem?.field === 'to' ? errorId : undefined}
            onDay={(day) => setRange({ from, to: day })}
          />
        </div>
        <div className="takings-range__shortcuts">
          <button type="button" className="button button--secondary" onClick={() => setRange(thisMonth)}>
            This month
          </button>
          <button type="button" className="button button--secondary" onClick={() => setRange(lastMonth)}>
            Last month
          </button>
        </div>
        {problem && (
          <div className="takings-range__error" role="alert">
            <FieldErrorMessage id={errorId}>{problem.message}</FieldErrorMessage>
          </div>
        )}
      </form>

      {takings.isError && !problem ? (
        <div className="admin-alert" role="alert">
          <p>The takings could not be loaded. {takings.error.message}</p>
        </div>
      ) : (
        <section
          className="takings__report"
          aria-labelledby="takings-report-title"
          aria-busy={(!problem && (takings.isPending || takings.isPlaceholderData)) || undefined}
        >
          <div className="takings__report-header">
            <h2 id="takings-report-title" className="takings__report-title">
              {problem ? 'Choose the days to show' : `${formatDay(from)} to ${formatDay(to)}`}
            </h2>
            {!problem && (
              <button
                type="button"
                className="button button--secondary"
                aria-disabled={pending !== null || undefined}
                aria-busy={pending !== null || undefined}
                onClick={() => {
                  if (pending === null) void download(takingsCsvUrl({ from, to }), { fileName });
                }}
              >
                {pending === null ? 'Download CSV' : 'Downloading…'}
              </button>
            )}
          </div>
          {data ? (
            <>
              <TakingsSummary totals={data.totals} />
              <TakingsChart days={data.days} />
              <TakingsTable takings={data} />
            </>
          ) : (
            !problem && <p role="status">Loading the takings…</p>
          )}
        </section>
      )}
    </div>
  );
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
const formatDay = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** How the methods are named here, in the order shown. */
const methodNames = [
  ['card', 'Card online'],
  ['cash', 'Cash'],
  ['card_terminal', 'Card terminal'],
] as const;

/**
 * The range's totals at a glance, each named for what it is and the same as the table's totals row: paid (with how
 * many payments), refunded (with how many refunds) and net; then each method's paid, refunded and net.
 */
function TakingsSummary({ totals }: { totals: TakingsResponse['totals'] }) {
  return (
    <>
      <dl className="takings-summary">
        <div>
          <dt>Paid</dt>
          <dd>
            {euroFigure(totals.paid)}
            <span className="takings-summary__count">{countOf(totals.payments_count, 'payment')}</span>
          </dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>
            {euroFigure(totals.refunded)}
            <span className="takings-summary__count">{countOf(totals.refunds_count, 'refund')}</span>
          </dd>
        </div>
        <div>
          <dt>Net</dt>
          <dd>
            {euroFigure(totals.net)}
            <span className="takings-summary__count">Paid less refunded</span>
          </dd>
        </div>
      </dl>
      <table className="takings-table takings-methods">
        <caption className="takings-methods__caption">By method</caption>
        <thead>
          <tr>
            <th scope="col">Method</th>
            <th scope="col">Paid</th>
            <th scope="col">Refunded</th>
            <th scope="col">Net</th>
          </tr>
        </thead>
        <tbody>
          {methodNames.map(([method, name]) => {
            const { paid, refunded } = totals.by_method[method];
            return (
              <tr key={method}>
                <th scope="row">{name}</th>
                <td>{euroFigure(paid)}</td>
                <td>{euroFigure(refunded)}</td>
                <td>{euroFigure(netOf(paid, refunded))}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

/** How many payments and refunds, in one cell ('5 / 1'): two columns more did not fit a phone's width. */
const countsOf = (tally: { payments_count: number; refunds_count: number }) =>
  `${tally.payments_count} / ${tally.refunds_count}`;

/** Every day of the range: paid, refunded and net, and how many payments and refunds; the totals under them. */
function TakingsTable({ takings }: { takings: TakingsResponse }) {
  return (
    // Scrolls within itself when a month's figures are too wide for a phone, never the page.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls is reached by keyboard to scroll it.
    <section className="takings-table__frame" aria-label="Takings day by day" tabIndex={0}>
      <table className="takings-table">
        <caption className="visually-hidden">Takings day by day, in euro, with the totals</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Paid</th>
            <th scope="col">Refunded</th>
            <th scope="col">Net</th>
            <th scope="col">Payments / refunds</th>
          </tr>
        </thead>
        <tbody>
          {takings.days.map((day) => (
            <tr
              key={day.date}
              className={day.payments_count + day.refunds_count === 0 ? 'takings-table__quiet' : undefined}
            >
              <th scope="row">
                {day.date.slice(0, 5)}
                <span className="takings-table__year">{day.date.slice(5)}</span>
              </th>
              <td>{euroFigure(day.paid)}</td>
              <td>{euroFigure(day.refunded)}</td>
              <td>{euroFigure(day.net)}</td>
              <td>{countsOf(day)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{euroFigure(takings.totals.paid)}</td>
            <td>{euroFigure(takings.totals.refunded)}</td>
            <td>{euroFigure(takings.totals.net)}</td>
            <td>{countsOf(takings.totals)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

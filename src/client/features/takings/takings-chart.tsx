import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { TakingsDay } from '../../../shared/takings';
import { chartSeries, shortDay } from './takings-labels';

const HEIGHT = 240;

/** uPlot and its styles, fetched when a chart is first drawn: never part of a page's first JavaScript. */
const loadUplot = () =>
  Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => module.default);

/** The colours of the clinic's palette the bars and axes are drawn in (a canvas takes no CSS variables). */
function palette(element: HTMLElement) {
  const style = getComputedStyle(element);
  const colour = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    ink: colour('--color-muted', '#4b5563'),
    grid: colour('--color-border', '#d5dde3'),
    paid: colour('--color-teal', '#0e6670'),
    refunded: colour('--color-error', '#b42318'),
  };
}

function chartOptions(
  UPlot: typeof uPlot,
  days: readonly TakingsDay[],
  width: number,
  colours: ReturnType<typeof palette>,
): uPlot.Options {
  const bars = UPlot.paths.bars;
  const font = '12px system-ui, sans-serif';
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: (_chart, min, max) => [min - 0.6, max + 0.6] },
      y: { range: (_chart, _min, max) => [0, max > 0 ? max * 1.1 : 10] },
    },
    axes: [
      {
        stroke: colours.ink,
        font,
        grid: { show: false },
        ticks: { show: false },
        incrs: [1, 2, 7, 14, 28, 56],
        space: 44,
        values: (_chart, splits) =>
          splits.map((split) => (Number.isInteger(split) ? shortDay(days[split]?.date ?? '') : '')),
      },
      {
        stroke: colours.ink,
        font,
        size: 64,
        grid: { stroke: colours.grid, width: 1 },
        ticks: { show: false },
        values: (_chart, splits) => splits.map((split) => `€${split.toLocaleString('en-IE')}`),
      },
    ],
    series: [
      {},
      {
        label: 'Payments',
        fill: colours.paid,
        stroke: colours.paid,
        points: { show: false },
        paths: bars?.({ size: [0.42, 28], align: -1 }),
      },
      {
        label: 'Refunds',
        fill: colours.refunded,
        stroke: colours.refunded,
        points: { show: false },
        paths: bars?.({ size: [0.42, 28], align: 1 }),
      },
    ],
  };
}

/**
 * A bar chart of each day's payments and refunds (uPlot, loaded with the first chart). Drawn on a canvas that
 * assistive technology skips (`aria-hidden`): the caption says what it shows, and the table under it gives every
 * figure. Follows its box's width.
 */
export function TakingsChart({ days }: { days: readonly TakingsDay[] }) {
  const plotRef = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = plotRef.current;
    if (!element) return;
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let gone = false;
    loadUplot()
      .then((UPlot) => {
        if (gone) return;
        const options = chartOptions(UPlot, days, element.clientWidth, palette(element));
        chart = new UPlot(options, chartSeries(days), element);
        observer = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: HEIGHT }));
        observer.observe(element);
      })
      .catch(() => {
        if (!gone) setFailed(true);
      });
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days]);

  return (
    <figure className="takings-chart">
      <figcaption className="takings-chart__caption">
        Each day’s <span className="takings-chart__key takings-chart__key--paid">payments</span> and{' '}
        <span className="takings-chart__key takings-chart__key--refunded">refunds</span>, in euro. The table
        below gives every figure.
      </figcaption>
      {failed ? (
        <p className="takings-chart__failed">
          The chart could not be drawn; the table below has the figures.
        </p>
      ) : (
        <div ref={plotRef} className="takings-chart__plot" aria-hidden="true" />
      )}
    </figure>
  );
}

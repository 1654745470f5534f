import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StopFrom } from './stop-from';

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '');

describe('StopFrom', () => {
  it('names the day to stop from when it is still ahead', () => {
    const html = renderToString(
      <StopFrom what="nasal sprays" day="2026-12-01" daysBefore={3} today="2026-11-26" />,
    );
    expect(text(html)).toBe('Stop nasal sprays from Tuesday 1 December 2026 (3 days before).');
  });

  it('says to stop now when a short-notice booking has that day behind it', () => {
    const html = renderToString(
      <StopFrom what="tablets" day="2026-11-25" daysBefore={5} today="2026-11-26" />,
    );
    expect(text(html)).toBe(
      'Stop tablets now: they should be stopped 5 days before the test (from Wednesday 25 November 2026). If you have taken any since, tell us when you arrive.',
    );
  });
});

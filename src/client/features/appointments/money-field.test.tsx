import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MoneyField } from './money-field';

const render = (extra: { error?: string; hint?: string } = {}) =>
  renderToString(<MoneyField ref={{ current: null }} value="85.50" onChange={() => {}} {...extra} />);

describe('MoneyField (server render)', () => {
  it('is a labelled decimal field with its value, no autofill', () => {
    const html = render();
    expect(html).toMatch(/<label class="field__label" for="([^"]+)">Amount \(€\)<\/label>/);
    expect(html).toContain('class="field money-field"');
    expect(html).toContain('inputMode="decimal"');
    expect(html).toContain('autoComplete="off"');
    expect(html).toContain('value="85.50"');
    expect(html).not.toContain('aria-invalid');
  });

  it('ties its hint and error to the input', () => {
    const html = render({ hint: 'At most €180.', error: 'amount must be more than 0' });
    const id = /<input id="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`aria-describedby="${id}-hint ${id}-error"`);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('At most €180.');
    expect(html).toContain('amount must be more than 0');
  });
});

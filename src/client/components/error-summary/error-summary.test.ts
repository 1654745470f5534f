import { describe, expect, it } from 'vitest';
import { summaryLine } from './error-summary';

describe('a line of the error summary', () => {
  it('puts a colon between a field’s name and its message', () => {
    expect(summaryLine({ label: 'First name', message: 'Text is too short.' })).toBe(
      'First name: Text is too short.',
    );
  });

  it('keeps a question’s own mark instead of adding a colon after it', () => {
    expect(
      summaryLine({
        label: 'Which antihistamines does your child take?',
        message: "Choose 'None' on its own, or the medicines your child takes.",
      }),
    ).toBe(
      "Which antihistamines does your child take? Choose 'None' on its own, or the medicines your child takes.",
    );
  });
});

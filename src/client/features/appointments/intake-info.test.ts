import { describe, expect, it } from 'vitest';
import { antihistamineTexts } from '../../../shared/antihistamines';
import { ANTIHISTAMINES_QUESTION, currentIntakeForm } from '../../../shared/intake';
import { answerText } from './intake-info';

describe('answerText', () => {
  it('shows a multiple choice by the labels the patient ticked, not the values stored', () => {
    const question = currentIntakeForm('adult').questions.find(
      (each) => each.key === ANTIHISTAMINES_QUESTION,
    );
    expect(answerText(question, 'tablets,nasal')).toBe(
      `${antihistamineTexts.labels.tablets}, ${antihistamineTexts.labels.nasal}`,
    );
    expect(answerText(question, 'none')).toBe(antihistamineTexts.labels.none);
  });
});

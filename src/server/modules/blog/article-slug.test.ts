import { describe, expect, it } from 'vitest';
import { slugFromTitle, uniqueSlug } from './article-slug';

describe('slugFromTitle', () => {
  it.each([
    ['Hay Fever: What Helps?', 'hay-fever-what-helps'],
    ['Éczema & Hay Fever', 'eczema-and-hay-fever'],
    ['Crème brûlée, açaí and jalapeño', 'creme-brulee-acai-and-jalapeno'],
    ['Straße Ærø Łódź', 'strasse-aero-lodz'],
    ["Children's allergies — a guide", 'childrens-allergies-a-guide'],
    ['  --Spaces   and__underscores--  ', 'spaces-and-underscores'],
    ['2026', 'article-2026'],
    ['🌼🌼', 'article'],
    ['花粉症', 'article'],
  ])('%s → %s', (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });

  it('cuts a long title between words, at most 80 characters', () => {
    const slug = slugFromTitle('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('word')).toBe(true);
    expect(slugFromTitle('x'.repeat(200))).toBe('x'.repeat(80));
  });
});

describe('uniqueSlug', () => {
  it('answers the first free number', () => {
    expect(uniqueSlug('pollen', new Set())).toBe('pollen');
    expect(uniqueSlug('pollen', new Set(['pollen']))).toBe('pollen-2');
    expect(uniqueSlug('pollen', new Set(['pollen', 'pollen-2', 'pollen-3']))).toBe('pollen-4');
  });
});

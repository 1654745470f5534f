import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyServerErrors, fieldOfErrorKey } from './apply-server-errors';

const fields = new Set(['title', 'icon', 'prices_attributes.1.amount']);
const isField = (name: string) => fields.has(name);

describe('fieldOfErrorKey', () => {
  it('accepts bare keys and keys behind an envelope', () => {
    expect(fieldOfErrorKey('title', isField)).toBe('title');
    expect(fieldOfErrorKey('blog.title', isField)).toBe('title');
    expect(fieldOfErrorKey('prices_attributes.1.amount', isField)).toBe('prices_attributes.1.amount');
    expect(fieldOfErrorKey('service.prices_attributes.1.amount', isField)).toBe('prices_attributes.1.amount');
  });

  it('knows no field for other keys', () => {
    expect(fieldOfErrorKey('content', isField)).toBeUndefined();
    expect(fieldOfErrorKey('blog.content', isField)).toBeUndefined();
    expect(fieldOfErrorKey('prices_attributes.7.amount', isField)).toBeUndefined();
  });
});

describe('applyServerErrors', () => {
  const invalid = (errors: Record<string, string[]>) =>
    new ApiError(422, { error_messages: 'Title is too long', errors });

  it('sets the first message of each known field, focusing the first field only', () => {
    const setError = vi.fn();
    const applied = applyServerErrors(
      invalid({ 'blog.title': ['Text is too long.', 'other'], 'blog.icon': ['Choose a .jpg'], x: ['no'] }),
      setError,
      isField,
    );
    expect(applied).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['title', { type: 'server', message: 'Text is too long.' }, { shouldFocus: true }],
      ['icon', { type: 'server', message: 'Choose a .jpg' }, { shouldFocus: false }],
    ]);
  });

  it('puts a refused file (415) on its field', () => {
    const setError = vi.fn();
    const refused = new ApiError(415, {
      error_messages: 'Choose a .pdf file.',
      errors: { 'blog.icon': ['No'] },
    });
    expect(applyServerErrors(refused, setError, isField)).toBe(true);
    expect(setError).toHaveBeenCalledWith('icon', { type: 'server', message: 'No' }, { shouldFocus: true });
  });

  it('answers false when no field took the error, or the answer named no field', () => {
    const setError = vi.fn();
    expect(applyServerErrors(invalid({ content: ['Required'] }), setError, isField)).toBe(false);
    expect(applyServerErrors(new ApiError(500, { error_messages: 'x' }), setError, isField)).toBe(false);
    expect(applyServerErrors(new Error('offline'), setError, isField)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});

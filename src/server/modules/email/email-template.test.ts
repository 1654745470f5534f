import { describe, expect, it } from 'vitest';
import { oneLine } from './email-template';

describe('oneLine', () => {
  it('keeps what a person typed on its line: controls and line or paragraph separators become one space', () => {
    expect(oneLine('Aoife\r\nByrne')).toBe('Aoife Byrne');
    expect(oneLine('Aoife\u2028Byrne\u2029')).toBe('Aoife Byrne');
    expect(oneLine('\tSiobhán Ó Briain\u0000')).toBe('Siobhán Ó Briain');
  });
});

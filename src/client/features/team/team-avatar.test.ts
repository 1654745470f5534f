import { describe, expect, it } from 'vitest';
import { AVATAR_TONES, avatarInitials, avatarTone } from './team-avatar';

describe('avatarInitials', () => {
  it('takes the first and last names’ first letters, without a title', () => {
    expect(avatarInitials('Dr Aoife Brennan')).toBe('AB');
    expect(avatarInitials('Dr. Cian O’Sullivan')).toBe('CO');
    expect(avatarInitials('Prof Mary Jane Smith')).toBe('MS');
    expect(avatarInitials('Siobhán Kavanagh')).toBe('SK');
    expect(avatarInitials('  róisín   doyle ')).toBe('RD');
  });

  it('gives one letter for one name, and nothing for none', () => {
    expect(avatarInitials('Declan')).toBe('D');
    expect(avatarInitials('Dr Declan')).toBe('D');
    expect(avatarInitials('')).toBe('');
  });
});

describe('avatarTone', () => {
  it('gives the same name the same colour, whatever its case or spaces around it', () => {
    expect(avatarTone('Orla Byrne')).toBe(avatarTone('Orla Byrne'));
    expect(avatarTone(' orla byrne ')).toBe(avatarTone('Orla Byrne'));
  });

  it('is one of the colours, and the team’s names are spread over several', () => {
    const names = [
      'Dr Aoife Brennan',
      'Dr Cian O’Sullivan',
      'Dr Niamh Gallagher',
      'Siobhán Kavanagh',
      'Róisín Doyle',
      'Orla Byrne',
      'Declan Murphy',
    ];
    const tones = names.map(avatarTone);
    for (const tone of tones) {
      expect(Number.isInteger(tone) && tone >= 0 && tone < AVATAR_TONES).toBe(true);
    }
    expect(new Set(tones).size).toBeGreaterThanOrEqual(4);
  });
});

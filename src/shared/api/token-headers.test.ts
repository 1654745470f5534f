import { describe, expect, it } from 'vitest';
import { BOOKING_TOKEN_HEADER } from '../booking';
import { MANAGE_TOKEN_HEADER } from '../manage-booking';
import { HOLD_TOKEN_HEADER } from '../slots';
import { BOOKING_TOKEN, HOLD_TOKEN, MANAGE_TOKEN } from './token-headers';

describe("the endpoints' token headers", () => {
  it('are the headers the server reads the tokens from', () => {
    expect(HOLD_TOKEN).toBe(HOLD_TOKEN_HEADER);
    expect(BOOKING_TOKEN).toBe(BOOKING_TOKEN_HEADER);
    expect(MANAGE_TOKEN).toBe(MANAGE_TOKEN_HEADER);
  });
});

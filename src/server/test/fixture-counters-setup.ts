import { beforeAll } from 'vitest';
import { resetBookingFixtures } from './booking-fixtures';
import { resetStaffFixtures } from './staff-fixtures';

// Vitest runs this before each test file: every file's fixtures start from the same days, whatever ran before.
beforeAll(() => {
  resetBookingFixtures();
  resetStaffFixtures();
});

// Copies the browser tests' screenshots that the README shows (test-results/screenshots, written by
// `npm run test:e2e`) into docs/screenshots as WebP, small enough to keep in the repository.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

const from = 'test-results/screenshots';
const to = 'docs/screenshots';
/** README name ← the browser test's name, at both widths. */
const shots = {
  home: 'imagery-home',
  'booking-1-time': 'booking-calendar',
  'booking-3-payment': 'booking-payment',
  'booking-4-confirmed': 'booking-confirmed',
  'availability-fill-day': 'admin-availability-fill',
  'availability-copy-day': 'admin-availability-copy',
  outbox: 'admin-outbox',
};
/** The details step: the adult's form at 360 px, the child's at 1280 px. */
const single = {
  'booking-2-details-360': 'booking-form-adult-360',
  'booking-2-details-1280': 'booking-form-child-1280',
};

await mkdir(to, { recursive: true });
const pairs = [
  ...Object.entries(shots).flatMap(([name, test]) =>
    [360, 1280].map((w) => [`${name}-${w}`, `${test}-${w}`]),
  ),
  ...Object.entries(single),
];
for (const [name, test] of pairs) {
  await sharp(join(from, `${test}.png`))
    .webp({ quality: 72 })
    .toFile(join(to, `${name}.webp`));
  console.log(`${to}/${name}.webp`);
}

/**
 * Cover illustrations of the demonstration articles, drawn for the clinic (no third-party artwork), in the
 * site's palette. Uploads are JPEG or PNG only (an SVG can carry script), and social networks show only
 * raster images in a shared link's card, so the seed turns each into a PNG and stores it like an upload a
 * member of staff made (`seed.ts`): served at `/uploads/{id}` with its WebP variants. No text is drawn, so
 * no font is needed to render them.
 */

/** The site's palette (src/client/styles/base.css) and two quiet accents. */
const C = {
  navy: '#0b2540',
  teal: '#0e6670',
  tealDark: '#0a4f57',
  mint: '#7fc4bd',
  light: '#e6f3f3',
  amber: '#e3a83b',
  coral: '#d9826f',
} as const;

/** Background tones, one per cover, so neighbouring cards in the blog list differ. */
const TONES = {
  teal: ['#e6f3f3', '#f4f8f9', '#cfe7e6'],
  sand: ['#f7f0e4', '#fbf8f2', '#efe0c6'],
  mint: ['#e5f3ec', '#f5faf7', '#cce8da'],
  sky: ['#e8eef6', '#f6f8fb', '#d3dfee'],
} as const;

function frame(tone: keyof typeof TONES, motif: string): string {
  const [from, to, disc] = TONES[tone];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360"><defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="640" height="360" fill="url(#b)"/><circle cx="320" cy="186" r="148" fill="${disc}"/><circle cx="548" cy="62" r="34" fill="${disc}" fill-opacity=".7"/><circle cx="84" cy="300" r="22" fill="${disc}" fill-opacity=".7"/><ellipse cx="320" cy="318" rx="170" ry="9" fill="${C.navy}" fill-opacity=".07"/>${motif}</svg>`;
}

const dots = (points: [number, number, number][], fill: string, opacity = 1) =>
  `<g fill="${fill}" fill-opacity="${opacity}">${points.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}"/>`).join('')}</g>`;

/** A forearm with the test's drops and two reactions, beside a calendar with five days marked. */
const skinPrickTest = frame(
  'teal',
  `<rect x="150" y="150" width="250" height="96" rx="48" fill="#f1ddc9"/><path d="M380 150h38a48 48 0 0 1 0 96h-38z" fill="#e8cdb4"/>` +
    dots(
      [
        [206, 182, 4],
        [246, 182, 4],
        [286, 182, 4],
        [326, 182, 4],
        [206, 214, 4],
        [246, 214, 4],
        [286, 214, 4],
        [326, 214, 4],
      ],
      C.tealDark,
      0.45,
    ) +
    `<g fill="none" stroke="${C.coral}" stroke-width="3"><circle cx="246" cy="182" r="13"/><circle cx="326" cy="214" r="10"/></g>` +
    `<rect x="436" y="84" width="124" height="120" rx="14" fill="#fff" stroke="#c9d6dd" stroke-width="2"/><path d="M436 98a14 14 0 0 1 14-14h96a14 14 0 0 1 14 14v16H436z" fill="${C.teal}"/>` +
    `<g fill="${C.teal}">${[0, 1, 2, 3, 4]
      .map(
        (i) =>
          `<rect x="${452 + (i % 3) * 34}" y="${128 + Math.floor(i / 3) * 30}" width="24" height="20" rx="5"/>`,
      )
      .join('')}</g><rect x="520" y="158" width="24" height="20" rx="5" fill="${C.light}"/>`,
);

/** Grass in flower under the sun, with pollen in the air. */
const hayFever = frame(
  'sand',
  `<circle cx="452" cy="112" r="40" fill="${C.amber}" fill-opacity=".85"/>` +
    `<g fill="none" stroke-linecap="round"><path d="M232 318c-4-70 2-128 24-184M292 318c2-80 14-140 40-196M352 318c4-60 18-104 44-142M196 318c4-40 14-70 30-94" stroke="${C.tealDark}" stroke-width="5"/><path d="M262 318c-10-36-28-62-56-80M322 318c8-40 26-66 54-84M372 318c-6-30-20-50-40-62" stroke="${C.teal}" stroke-width="4" stroke-opacity=".6"/></g>` +
    `<g fill="${C.tealDark}"><path d="M256 134c-10-12-10-30 0-44 10 14 10 32 0 44z"/><path d="M332 122c-10-14-8-32 4-46 8 16 6 34-4 46z"/><path d="M396 176c-8-12-6-28 6-38 6 14 4 28-6 38z"/></g>` +
    dots(
      [
        [282, 96, 5],
        [312, 70, 3.5],
        [366, 104, 4],
        [228, 112, 3],
        [408, 150, 3],
        [352, 60, 2.5],
      ],
      C.amber,
      0.8,
    ),
);

/** A child's cup of milk, an egg and a peanut: three of the commonest food allergens in children. */
const childFoodAllergy = frame(
  'mint',
  `<path d="M206 140h84l-10 168h-64z" fill="#fff" stroke="#c9d6dd" stroke-width="3" stroke-linejoin="round"/><path d="M210 196h76l-6 112h-64z" fill="${C.light}"/><path d="M290 172h16a18 18 0 0 1 0 36h-12" fill="none" stroke="#c9d6dd" stroke-width="6"/><path d="M254 140l20-48" stroke="${C.coral}" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M364 160c-26 0-44 44-44 78a44 44 0 0 0 88 0c0-34-18-78-44-78z" fill="#fbf3e6" stroke="#e9dcc5" stroke-width="3"/>` +
    `<g transform="rotate(-28 470 232)"><path d="M470 176c16 0 28 12 28 27 0 9-6 14-6 22s8 13 8 25c0 17-14 30-30 30s-30-13-30-30c0-12 8-17 8-25s-6-13-6-22c0-15 12-27 28-27z" fill="#d9b27c"/>` +
    dots(
      [
        [462, 200, 2.5],
        [480, 214, 2.5],
        [464, 244, 2.5],
        [482, 262, 2.5],
      ],
      '#b98f5a',
    ) +
    `</g>`,
);

/** An adrenaline auto-injector with its safety cap off, and a heart beating steadily. */
const autoInjector = frame(
  'sky',
  `<g transform="rotate(-24 320 196)"><rect x="176" y="168" width="260" height="56" rx="28" fill="#fff" stroke="#c9d6dd" stroke-width="3"/><rect x="176" y="168" width="76" height="56" rx="28" fill="${C.amber}"/><rect x="232" y="168" width="20" height="56" fill="${C.amber}"/><rect x="404" y="176" width="48" height="40" rx="14" fill="${C.teal}"/><rect x="284" y="186" width="80" height="20" rx="10" fill="${C.light}"/></g>` +
    `<path d="M150 292h70l16-30 20 52 18-36h44" fill="none" stroke="${C.coral}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="M470 84c-10-14-34-10-34 10 0 18 24 30 34 38 10-8 34-20 34-38 0-20-24-24-34-10z" fill="${C.coral}" fill-opacity=".85"/>`,
);

/** A bed with a fresh pillow and duvet; mites shown only as a scatter of specks. */
const houseDustMite = frame(
  'teal',
  `<rect x="168" y="150" width="24" height="160" rx="8" fill="${C.tealDark}"/><rect x="448" y="196" width="20" height="114" rx="8" fill="${C.tealDark}"/><rect x="180" y="236" width="280" height="38" rx="10" fill="${C.teal}"/>` +
    `<rect x="204" y="176" width="96" height="52" rx="22" fill="#fff" stroke="#c9d6dd" stroke-width="3"/>` +
    `<path d="M282 210h166a18 18 0 0 1 18 18v14H282z" fill="${C.mint}"/><path d="M300 222h150" stroke="#fff" stroke-opacity=".6" stroke-width="4" stroke-linecap="round"/>` +
    dots(
      [
        [236, 150, 2.5],
        [268, 136, 2],
        [332, 172, 2.5],
        [380, 160, 2],
        [420, 182, 2.5],
        [300, 120, 1.8],
      ],
      C.navy,
      0.35,
    ),
);

/** An apple with a bite out of it, under a birch twig with its catkins. */
const oralAllergySyndrome = frame(
  'mint',
  `<path d="M320 150c-20-14-80-14-80 50 0 54 32 106 62 106 10 0 12-6 18-6s8 6 18 6c30 0 62-52 62-106 0-64-60-64-80-50z" fill="${C.coral}"/><circle cx="400" cy="214" r="24" fill="${TONES.mint[2]}"/><path d="M320 150c0-20 6-36 22-48" fill="none" stroke="${C.tealDark}" stroke-width="6" stroke-linecap="round"/><path d="M338 110c14-18 36-20 50-12-8 18-30 24-50 12z" fill="${C.teal}"/>` +
    `<path d="M150 80c60 10 110 4 160-14" fill="none" stroke="#8a6a4a" stroke-width="4" stroke-linecap="round"/>` +
    `<g fill="${C.amber}" fill-opacity=".9"><rect x="178" y="84" width="10" height="42" rx="5"/><rect x="216" y="86" width="10" height="36" rx="5"/><rect x="254" y="80" width="10" height="40" rx="5"/></g>` +
    `<path d="M282 70c10-22 32-28 50-20-8 20-30 28-50 20z" fill="${C.mint}"/>`,
);

/** A capsule and a test card with a tick: many people told they are allergic to penicillin are not. */
const penicillinAllergy = frame(
  'sky',
  `<g transform="rotate(-32 248 214)"><rect x="178" y="184" width="140" height="60" rx="30" fill="#fff" stroke="#c9d6dd" stroke-width="3"/><path d="M248 184h40a30 30 0 0 1 0 60h-40z" fill="${C.teal}"/></g>` +
    `<rect x="350" y="112" width="140" height="180" rx="16" fill="#fff" stroke="#c9d6dd" stroke-width="2"/><rect x="392" y="100" width="56" height="24" rx="9" fill="${C.navy}"/><path d="M376 156h88m-88 22h60" stroke="#dbe5ea" stroke-width="8" stroke-linecap="round"/>` +
    `<circle cx="420" cy="240" r="30" fill="${C.light}"/><path d="M406 240l10 10 20-22" fill="none" stroke="${C.teal}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`,
);

/** The covers by article title (seed-content.ts), with the name each is stored under and its alt text. */
export const seedCovers: Record<string, { svg: string; fileName: string; alt: string }> = {
  'How to prepare for your skin prick test': {
    svg: skinPrickTest,
    fileName: 'skin-prick-test.png',
    alt: 'Illustration: a forearm with test drops and two small raised reactions, beside a calendar with days marked.',
  },
  'Hay fever season in Ireland: what to expect and how to cope': {
    svg: hayFever,
    fileName: 'hay-fever.png',
    alt: 'Illustration: grass in flower under the sun, with pollen drifting in the air.',
  },
  'Food allergy in children: signs, testing and everyday life': {
    svg: childFoodAllergy,
    fileName: 'food-allergy-children.png',
    alt: "Illustration: a child's cup of milk, an egg and a peanut, three common food allergens in children.",
  },
  'Anaphylaxis and adrenaline auto-injectors: a practical guide': {
    svg: autoInjector,
    fileName: 'auto-injector.png',
    alt: 'Illustration: an adrenaline auto-injector with its safety cap off, beside a steadily beating heart.',
  },
  'House dust mite allergy: practical steps for an Irish home': {
    svg: houseDustMite,
    fileName: 'house-dust-mite.png',
    alt: 'Illustration: a made bed with a fresh pillow and duvet, with a scatter of tiny specks for dust mites.',
  },
  'Oral allergy syndrome: why a raw apple can make your mouth itch': {
    svg: oralAllergySyndrome,
    fileName: 'oral-allergy-syndrome.png',
    alt: 'Illustration: an apple with a bite taken out of it, under a birch twig with its catkins.',
  },
  'Penicillin allergy: are you really allergic?': {
    svg: penicillinAllergy,
    fileName: 'penicillin-allergy.png',
    alt: 'Illustration: a capsule beside a test card marked with a tick.',
  },
};

/**
 * The one clinic configuration module (DESIGN.md section 5): name, contacts, locations, maps, social
 * and video links. Pages, e-mails and the server read the clinic's details from here, never from
 * copies of their own. The details are invented for the demonstration site; a clinic replaces them here.
 */

/**
 * The slot locations of the spec (section 3, Options). Validate with `z.enum(locationKeys)`; this module
 * imports nothing, so the public pages do not download a validation library for it.
 */
export const locationKeys = ['adult_1', 'adult_2', 'child'] as const;
export type LocationKey = (typeof locationKeys)[number];

export function isLocationKey(value: unknown): value is LocationKey {
  return typeof value === 'string' && (locationKeys as readonly string[]).includes(value);
}

/** One line of a location's opening hours, in clinic time (Europe/Dublin). */
export interface OpeningHours {
  /** The days in words, e.g. 'Monday to Friday'. */
  days: string;
  /** The same days short, for the footer, e.g. 'Mon–Fri'. */
  shortDays: string;
  /** The same days as numbers, 0 = Sunday to 6 = Saturday (`Date.getDay()`). */
  weekdays: readonly number[];
  /** HH:mm. */
  opens: string;
  /** HH:mm. */
  closes: string;
}

export interface ClinicLocation {
  key: LocationKey;
  /** Short label for selects and lists, e.g. 'Suite 12, Sandyford (adults)'. */
  label: string;
  /** The address lines without the postcode. */
  addressLines: readonly string[];
  /** Eircode. */
  postcode: string;
  /** Google Maps embed (no API key); loaded only after the visitor clicks 'Show map'. */
  mapEmbedUrl: string;
  /** Google Maps directions to the address; opened in a new tab. */
  directionsUrl: string;
  /** When the suite is open; on days not named it is closed. */
  hours: readonly OpeningHours[];
}

export interface SocialLink {
  network: 'facebook' | 'instagram' | 'x' | 'linkedin';
  /** Accessible name of the link. */
  label: string;
  url: string;
}

export interface ClinicVideo {
  title: string;
  /** youtube-nocookie embed URL; loaded only after the visitor clicks to play. */
  embedUrl: string;
}

const mapQuery = (lines: readonly string[], postcode: string) =>
  encodeURIComponent([...lines, postcode, 'Ireland'].join(', '));

function location(
  key: LocationKey,
  label: string,
  addressLines: readonly string[],
  postcode: string,
  hours: readonly OpeningHours[],
): ClinicLocation {
  const query = mapQuery(addressLines, postcode);
  return {
    key,
    label,
    addressLines,
    postcode,
    mapEmbedUrl: `https://www.google.com/maps?q=${query}&output=embed`,
    directionsUrl: `https://www.google.com/maps/dir/?api=1&destination=${query}`,
    hours,
  };
}

const open = (
  days: string,
  shortDays: string,
  weekdays: readonly number[],
  opens: string,
  closes: string,
): OpeningHours => ({
  days,
  shortDays,
  weekdays,
  opens,
  closes,
});

const MONDAY_TO_FRIDAY = [1, 2, 3, 4, 5];

const locations: Readonly<Record<LocationKey, ClinicLocation>> = {
  adult_1: location(
    'adult_1',
    'Suite 12, Sandyford (adults)',
    [
      'Suite 12, Consultants’ Suites',
      'Sandyford Park Private Hospital',
      'Carmanhall Road, Sandyford',
      'Dublin 18',
    ],
    'D18 K7W2',
    [
      open('Monday to Friday', 'Mon–Fri', MONDAY_TO_FRIDAY, '09:00', '17:30'),
      open('Saturday', 'Sat', [6], '09:00', '13:00'),
    ],
  ),
  adult_2: location(
    'adult_2',
    'Suite 23, Blackrock (adults)',
    ['Suite 23, Rockfield Private Hospital', 'Rock Road', 'Blackrock, Co. Dublin'],
    'A94 X2F6',
    [open('Tuesday to Thursday', 'Tue–Thu', [2, 3, 4], '09:00', '17:00')],
  ),
  child: location(
    'child',
    'Suite 36, Sandyford (children)',
    [
      'Suite 36, Children’s Clinic Suites',
      'Sandyford Park Private Hospital',
      'Carmanhall Road, Sandyford',
      'Dublin 18',
    ],
    'D18 K7W2',
    [
      open('Monday to Friday', 'Mon–Fri', MONDAY_TO_FRIDAY, '09:00', '17:00'),
      open('Saturday', 'Sat', [6], '09:30', '12:30'),
    ],
  ),
};

const youtube = (videoId: string) => `https://www.youtube-nocookie.com/embed/${videoId}`;

export const clinic = {
  name: 'Dublin Allergy Clinic',
  /** One-line promise used by the home page hero and the default description. */
  tagline: 'Specialist allergy testing and care for adults and children in Dublin.',
  description:
    'A private allergy clinic in Sandyford and Blackrock, Dublin: skin prick allergy testing and video consultations for adults and children.',
  phone: '01 293 4560',
  /** The phone number as a tel: link (international format). */
  phoneHref: 'tel:+35312934560',
  email: 'info@dublinallergyclinic.ie',
  timeZone: 'Europe/Dublin',
  currency: 'EUR',
  locale: 'en-IE',
  locations,
  /**
   * Every location, in the order the footer, the contact page and the privacy policy list them: both
   * Sandyford suites and Blackrock.
   */
  locationList: locationKeys.map((key) => locations[key]) as readonly ClinicLocation[],
  social: [
    { network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/dublinallergyclinic' },
    { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/dublinallergyclinic' },
    { network: 'x', label: 'X (Twitter)', url: 'https://x.com/dublinallergy' },
    { network: 'linkedin', label: 'LinkedIn', url: 'https://www.linkedin.com/company/dublin-allergy-clinic' },
  ] as readonly SocialLink[],
  /** Placeholder video ids: the clinic replaces them with its own videos. */
  videos: {
    home: { title: 'Welcome to the Dublin Allergy Clinic', embedUrl: youtube('Xq3vA1lRgyC') },
    allergyTest: { title: 'Skin prick allergy testing explained', embedUrl: youtube('sKnPr1cKt3s') },
  } satisfies Record<string, ClinicVideo>,
} as const;

/** The address of a location on one line, e.g. for e-mails and calendar invites. */
export function formatAddress(place: ClinicLocation): string {
  return [...place.addressLines, place.postcode].join(', ');
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A location's opening hours on a weekday (0 = Sunday to 6 = Saturday); none when it is closed that day. */
export const openingHoursOn = (key: LocationKey, weekday: number): readonly OpeningHours[] =>
  locations[key].hours.filter((line) => line.weekdays.includes(weekday));

/** Whether a time from `start` to `end` (minutes after midnight) on that weekday lies within the place's hours. */
export const withinOpeningHours = (key: LocationKey, weekday: number, start: number, end: number): boolean =>
  openingHoursOn(key, weekday).some(
    (line) => start >= minutesOf(line.opens) && end <= minutesOf(line.closes),
  );

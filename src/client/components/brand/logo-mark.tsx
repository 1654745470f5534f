/** The clinic's mark (also the favicon): a leaf on a teal tile. Decorative: the clinic name goes next to it. */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg
      className="logo-mark"
      viewBox="0 0 48 48"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="48" height="48" rx="12" fill="#0e6670" />
      <path d="M13 35c0-12.5 8.5-21 22-21 0 13.5-8.5 22-22 21Z" fill="#fff" />
      <path d="M13 35 27 21" stroke="#0e6670" strokeWidth="2.6" strokeLinecap="round" />
      <circle cx="35" cy="35" r="4" fill="#8fd3cf" />
    </svg>
  );
}

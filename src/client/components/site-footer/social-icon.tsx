import type { SocialLink } from '../../../shared/clinic';

/** Small line icons of the social networks, drawn here (nothing loads from the networks). */
export function SocialIcon({ network }: { network: SocialLink['network'] }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      {network === 'facebook' && (
        <path
          d="M13.5 22v-7h3l.5-4h-3.5V9c0-.7.3-1 1-1H17V4.2A20 20 0 0 0 14.4 4C11.7 4 9.5 5.6 9.5 8.6V11H7v4h2.5v7Z"
          fill="currentColor"
        />
      )}
      {network === 'instagram' && (
        <g fill="none" stroke="currentColor" strokeWidth="1.9">
          <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
        </g>
      )}
      {network === 'x' && (
        <g>
          <path d="M4 4h4.6L20 20h-4.6Z" fill="currentColor" />
          <path
            d="M19.3 4 13.4 10.7M10.6 13.4 4.7 20"
            stroke="currentColor"
            strokeWidth="1.9"
            strokeLinecap="round"
          />
        </g>
      )}
      {network === 'linkedin' && (
        <g fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round">
          <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
          <path d="M8.2 10.5V16.5M11.8 16.5v-6m0 2.7c0-1.6 1.1-2.9 2.6-2.9s2.2 1.1 2.2 2.7v3.5" />
          <circle cx="8.2" cy="7.6" r="0.4" fill="currentColor" />
        </g>
      )}
    </svg>
  );
}

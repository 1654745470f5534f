import type { TeamMemberSummary } from '../../../shared/team';
import { imageSrcSet } from '../../../shared/uploads';

function initials(fullName: string): string {
  const words = fullName.replace(/^(Dr|Prof|Ms|Mr|Mrs)\.?\s+/i, '').split(/\s+/);
  return `${words[0]?.[0] ?? ''}${words.at(-1)?.[0] ?? ''}`.toUpperCase();
}

/** The photo's displayed width (team.css: 8rem and 12rem), for the browser's choice from the srcset. */
const SIZES = { small: '8rem', large: '12rem' } as const;

/** The member's photo (its WebP variants in a srcset), or their initials on a tinted disc when there is none. */
export function TeamMemberPhoto({ member, size }: { member: TeamMemberSummary; size: 'small' | 'large' }) {
  if (member.logo_url) {
    return (
      <img
        className={`team-photo team-photo--${size}`}
        src={member.logo_url}
        srcSet={imageSrcSet(member.logo_url)}
        sizes={SIZES[size]}
        alt={member.full_name}
        width={size === 'large' ? 320 : 160}
        height={size === 'large' ? 320 : 160}
        loading={size === 'small' ? 'lazy' : undefined}
        fetchPriority={size === 'large' ? 'high' : undefined}
      />
    );
  }
  return (
    <span className={`team-photo team-photo--${size} team-photo--initials`} aria-hidden="true">
      {initials(member.full_name)}
    </span>
  );
}

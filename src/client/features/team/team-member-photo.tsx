import type { TeamMemberSummary } from '../../../shared/team';
import { imageSrcSet } from '../../../shared/uploads';
import { avatarInitials, avatarTone } from './team-avatar';

/** The photo's displayed width (team.css: 8rem and 12rem), for the browser's choice from the srcset. */
const SIZES = { small: '8rem', large: '12rem' } as const;

/**
 * The member's photo (its WebP variants in a srcset), or, when there is none, their avatar: initials on a disc
 * of a colour chosen from their name. The avatar is decorative (the name is written beside it).
 */
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
    <span
      className={`team-photo team-photo--${size} team-photo--initials team-photo--tone-${avatarTone(member.full_name)}`}
      aria-hidden="true"
    >
      {avatarInitials(member.full_name)}
    </span>
  );
}

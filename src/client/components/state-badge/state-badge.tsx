import type { ReactNode } from 'react';
import './state-badge.css';

/** The look of a state: under way, done, missed, ended, or waiting for someone. */
export type StateTone = 'active' | 'done' | 'missed' | 'ended' | 'waiting';

/**
 * A record's state as a dot and its name (an appointment's 'Booked', a referral's 'Awaiting triage'): the name
 * says it, the colour only helps the eye. `large` in a screen's header.
 */
export function StateBadge({
  tone,
  large = false,
  children,
}: {
  tone: StateTone;
  large?: boolean;
  children: ReactNode;
}) {
  return (
    <span className={`state-badge state-badge--${tone}${large ? ' state-badge--large' : ''}`}>
      {children}
    </span>
  );
}

/**
 * The lengths of a person's name in every form and API: the UK Government Data Standards' 35 characters for a first
 * name or a surname and 70 for a full name (DESIGN.md section 3), not the spec's 20, which refuses real names. No zod
 * here: the public forms read these with their first JavaScript.
 */
export const NAME_LENGTHS = {
  part: { min: 2, max: 35 },
  full: { min: 2, max: 70 },
} as const;

/** Which slots a screen shows: the session type (video or allergy test) and the appointment type. */
export interface SlotKind {
  isVideoCall: boolean;
  isAdult: boolean;
}

/** The calendar and day calls' kind parameters, as the API reads them ('true' / 'false'). */
export function kindQuery(kind: SlotKind): { is_adult: 'true' | 'false'; is_video_call: 'true' | 'false' } {
  return { is_adult: kind.isAdult ? 'true' : 'false', is_video_call: kind.isVideoCall ? 'true' : 'false' };
}

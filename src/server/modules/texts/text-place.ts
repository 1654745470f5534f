import { clinic, type LocationKey } from '../../../shared/clinic';

/** Where an appointment is, in a few words for a text: the place's name without who it is for, or "by video". */
export function textPlaceOf(slot: {
  location: LocationKey | null;
  isVideoCall: boolean;
}): string | undefined {
  if (slot.isVideoCall) return 'by video';
  return slot.location ? clinic.locations[slot.location].label.replace(/\s*\(.*\)$/, '') : undefined;
}

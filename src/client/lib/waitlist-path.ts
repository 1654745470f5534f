/** The wait list's join page for a kind of appointment, the age filled in when it is known. */
export const waitlistJoinPath = (kind: { isVideoCall: boolean; isAdult?: boolean }): string =>
  `/waitlist/join?kind=${kind.isVideoCall ? 'booking_video' : 'booking_test'}${
    kind.isAdult === undefined ? '' : `&is_adult=${kind.isAdult}`
  }`;

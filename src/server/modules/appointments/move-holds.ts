import { MOVE_HOLDS_PER_BOOKING } from '../../../shared/manage-booking';
import type { Db } from '../../db/database';
import { releaseHoldsOfHolder } from '../slots/slot-repository';
import type { HoldCount } from '../slots/slot-service';

/**
 * The holds a patient takes through their booking link to move their appointment are counted with the booking's
 * own, under the holder key `booking:<appointment id>`, never with their address's (decision 0020). Such a hold is
 * for that move only: a new booking is not made with it, nor another booking's move, and it ends with its booking.
 */
const MOVE_HOLDER_PREFIX = 'booking:';

/** Whose holds a move of this appointment is counted with, and how many it may have at once. */
export const moveHoldsOf = (appointmentId: number): HoldCount => ({
  key: `${MOVE_HOLDER_PREFIX}${appointmentId}`,
  maxHolds: MOVE_HOLDS_PER_BOOKING,
});

/** Whether a slot's holder (`hold_client`) is a booking being moved. */
export const isMoveHolder = (holder: string | null): boolean =>
  holder?.startsWith(MOVE_HOLDER_PREFIX) ?? false;

/** Lets go of the times held to move this appointment (it was cancelled); answers their slots' ids. */
export const releaseMoveHolds = (db: Db, appointmentId: number): Promise<number[]> =>
  releaseHoldsOfHolder(db, moveHoldsOf(appointmentId).key);

ALTER TABLE "sessions" ADD COLUMN "hold_started_at" timestamp with time zone;--> statement-breakpoint
-- A visitor's hold in one call (one round trip, no explicit transaction): the per-address advisory lock is
-- taken first, and because a VOLATILE PL/pgSQL function gives each statement its own snapshot, the UPDATE
-- then counts the address's live holds as committed by whoever held the lock before it. Racing holds of one
-- slot are settled by the UPDATE's row lock: the first commits, the others re-check and find it taken.
-- Refusals are raised with SQLSTATEs of this application's own: SH404 no such slot, SH409 not free for
-- this visitor, SH429 the address already holds p_max_holds other slots.
-- A hold lasts p_minutes from each call, but is never extended past hold_started_at + p_lifetime_minutes.
-- The clock belongs to the visitor's token, not to the slot: a re-hold of the same slot with the hold's own
-- token (p_own_hash), or a move to another slot with it, keeps the start of the token's live hold, so
-- switching between two slots cannot keep one held for ever. A token whose lifetime has run out is never
-- extended on its slot; moved to another slot it starts anew, as a visitor without a token would.
CREATE FUNCTION hold_slot(
  p_id integer,
  p_client text,
  p_token_hash text,
  p_own_hash text,
  p_minutes integer,
  p_max_holds integer,
  p_lifetime_minutes integer
) RETURNS SETOF sessions
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  held sessions;
  free boolean;
  started timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('slot-hold:' || p_client, 0));

  IF p_own_hash IS NOT NULL THEN
    SELECT min(own.hold_started_at) INTO started FROM sessions AS own
    WHERE own.status = 'pending' AND own.hold_token_hash = p_own_hash AND own.hold_expires_at > now();
  END IF;
  IF started IS NULL OR started + make_interval(mins => p_lifetime_minutes) <= now() THEN
    started := now();
  END IF;

  -- The slot's own live hold keeps its start and is extended (never shortened) up to its lifetime; a move
  -- to this slot takes the token's start (or now).
  UPDATE sessions SET
    status = 'pending',
    hold_started_at = CASE WHEN status = 'pending' AND hold_token_hash = p_own_hash AND hold_expires_at > now()
      THEN coalesce(hold_started_at, now()) ELSE started END,
    hold_expires_at = CASE WHEN status = 'pending' AND hold_token_hash = p_own_hash AND hold_expires_at > now()
      THEN greatest(hold_expires_at, least(
        now() + make_interval(mins => p_minutes),
        coalesce(hold_started_at, now()) + make_interval(mins => p_lifetime_minutes)
      ))
      ELSE least(
        now() + make_interval(mins => p_minutes),
        started + make_interval(mins => p_lifetime_minutes)
      ) END,
    hold_token_hash = p_token_hash,
    hold_client = p_client,
    updated_at = now()
  WHERE id = p_id
    AND starts_at > now()
    AND (
      status = 'available'
      OR (status = 'pending' AND hold_expires_at < now())
      OR (status = 'pending' AND hold_token_hash = p_own_hash AND hold_expires_at > now())
    )
    AND (
      SELECT count(*) FROM sessions AS live
      WHERE live.hold_client = p_client AND live.status = 'pending' AND live.hold_expires_at > now()
        AND live.hold_token_hash IS DISTINCT FROM p_own_hash
    ) < p_max_holds
  RETURNING * INTO held;

  IF FOUND THEN
    -- Choosing another time lets the visitor's earlier hold go.
    IF p_own_hash IS NOT NULL THEN
      UPDATE sessions SET status = 'available', hold_started_at = NULL, hold_expires_at = NULL,
        hold_token_hash = NULL, hold_client = NULL, updated_at = now()
      WHERE status = 'pending' AND hold_token_hash = p_own_hash AND id <> p_id;
    END IF;
    RETURN NEXT held;
    RETURN;
  END IF;

  SELECT s.starts_at > now() AND (
      s.status = 'available'
      OR (s.status = 'pending' AND s.hold_expires_at < now())
      OR (s.status = 'pending' AND s.hold_token_hash = p_own_hash AND s.hold_expires_at > now())
    )
  INTO free FROM sessions AS s WHERE s.id = p_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'slot % does not exist', p_id USING ERRCODE = 'SH404';
  ELSIF free THEN
    RAISE EXCEPTION 'address holds % slots already', p_max_holds USING ERRCODE = 'SH429';
  ELSE
    RAISE EXCEPTION 'slot % is not free', p_id USING ERRCODE = 'SH409';
  END IF;
END
$$;

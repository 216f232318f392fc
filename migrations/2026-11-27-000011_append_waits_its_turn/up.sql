-- An append waits its turn behind a writer holding the game's lock.
--
-- A writer that lost a race decides again holding the game's advisory lock
-- (api/src/store/append.rs). Appends made without the lock (a fold known to
-- be the latest, written in one call) kept winning against it: a long batch
-- takes a while to decide, and a busy game's single commands each slipped in
-- before it wrote, until it gave up (issue 26: a batch of 2,000 commands was
-- refused 5 times in 5 beside one busy writer). Now every append takes the
-- game's lock for its own transaction, without waiting: when another writer
-- holds it, the append is refused as if its seq were taken, and its writer
-- queues behind the lock like any loser. A writer already holding the lock
-- takes it again at once (advisory locks are per session and re-entrant).
--
-- The function of migration `append_announced_after_commit` is kept under
-- another name and called once the lock is taken.
ALTER FUNCTION owlpost_append(uuid, text, timestamptz, bigint[], text[], jsonb[], bytea[],
    smallint[], uuid[], text, bigint, jsonb, timestamptz, uuid[], jsonb[])
    RENAME TO owlpost_append_holding_lock;

CREATE FUNCTION owlpost_append(
    p_game          uuid,
    p_command       text,
    p_recorded_at   timestamptz,
    p_seqs          bigint[],
    p_kinds         text[],
    p_payloads      jsonb[],
    p_hashes        bytea[],
    p_seats         smallint[],
    p_holders       uuid[],
    p_status        text,
    p_version       bigint,
    p_awaiting      jsonb,
    p_deadline      timestamptz,
    p_told          uuid[],
    p_notifications jsonb[]
) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
    -- The lock's key is the first 8 bytes of the game's id, as the server takes it.
    IF NOT pg_try_advisory_xact_lock(('x' || left(replace(p_game::text, '-', ''), 16))::bit(64)::bigint) THEN
        RAISE EXCEPTION 'another writer holds the lock of game %', p_game
            USING ERRCODE = 'unique_violation';
    END IF;
    RETURN owlpost_append_holding_lock(p_game, p_command, p_recorded_at, p_seqs, p_kinds,
        p_payloads, p_hashes, p_seats, p_holders, p_status, p_version, p_awaiting, p_deadline,
        p_told, p_notifications);
END;
$$;

-- Back to the append of migration `append_announced_after_commit`, which
-- trusted `(game_id, seq)` alone.
DROP FUNCTION owlpost_append(uuid, bytea, text, timestamptz, bigint[], text[], jsonb[], bytea[],
    smallint[], uuid[], text, bigint, jsonb, timestamptz, uuid[], jsonb[]);
ALTER TABLE games DROP COLUMN last_hash;
CREATE FUNCTION owlpost_append(
    p_game          uuid,
    -- NULL, or {id, actor, idempotency_key, body, first_seq, last_seq, response}
    -- as JSON text; response is kept only for a command with an idempotency key
    p_command       text,
    p_recorded_at   timestamptz,
    p_seqs          bigint[],
    p_kinds         text[],
    p_payloads      jsonb[],
    p_hashes        bytea[],
    -- seats changed, and who holds each now (NULL: given up)
    p_seats         smallint[],
    p_holders       uuid[],
    p_status        text,
    p_version       bigint,
    p_awaiting      jsonb,
    p_deadline      timestamptz,
    -- players told by webhook, one per notification
    p_told          uuid[],
    p_notifications jsonb[]
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
    command jsonb := p_command::jsonb;
    command_id uuid := (command ->> 'id')::uuid;
    written integer := 0;
BEGIN
    -- First, so that an append to a game that does not exist writes nothing
    -- (what the foreign keys on game_id checked, row by row).
    UPDATE games
    SET status = p_status, version = p_version, awaiting = p_awaiting,
        updated_at = p_recorded_at, deadline_at = p_deadline
    WHERE id = p_game;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no game %', p_game USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF command_id IS NOT NULL THEN
        INSERT INTO commands (id, game_id, actor, idempotency_key, body, first_seq, last_seq, response)
        VALUES (command_id, p_game, (command ->> 'actor')::uuid, command ->> 'idempotency_key',
                command -> 'body', (command ->> 'first_seq')::bigint,
                (command ->> 'last_seq')::bigint, NULLIF(command -> 'response', 'null'::jsonb));
    END IF;
    INSERT INTO events (game_id, seq, kind, payload, command_id, recorded_at, hash)
    SELECT p_game, e.seq, e.kind, e.payload, command_id, p_recorded_at, e.hash
    FROM unnest(p_seqs, p_kinds, p_payloads, p_hashes) AS e (seq, kind, payload, hash);
    IF cardinality(p_seats) > 0 THEN
        DELETE FROM seats WHERE game_id = p_game AND seat = ANY (p_seats);
        INSERT INTO seats (game_id, seat, user_id)
        SELECT p_game, s.seat, s.holder FROM unnest(p_seats, p_holders) AS s (seat, holder)
        WHERE s.holder IS NOT NULL;
    END IF;
    IF cardinality(p_told) > 0 THEN
        INSERT INTO outbox (webhook_id, game_id, payload)
        SELECT w.id, p_game, n.payload
        FROM unnest(p_told, p_notifications) WITH ORDINALITY AS n (user_id, payload, position)
        JOIN webhooks w ON w.user_id = n.user_id
        ORDER BY n.position, w.created_at;
        GET DIAGNOSTICS written = ROW_COUNT;
    END IF;
    RETURN written;
END;
$$;

-- The append without mail (as migration `append_continues_the_log` made it),
-- then the mail tables.
CREATE OR REPLACE FUNCTION owlpost_append(
    p_game          uuid,
    -- the hash of the last event of the fold the append was decided on
    -- (all zeros before the first event)
    p_after_hash    bytea,
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
    folded bigint := p_version - cardinality(p_seqs);
BEGIN
    -- First, so that an append on a fold the log does not end with, or to a
    -- game that does not exist, writes nothing. Two writers of one version
    -- meet here: the second waits for the first's row lock, then finds the
    -- row moved on.
    UPDATE games
    SET status = p_status, version = p_version, awaiting = p_awaiting,
        updated_at = p_recorded_at, deadline_at = p_deadline,
        last_hash = COALESCE(p_hashes[cardinality(p_hashes)], p_after_hash)
    WHERE id = p_game AND version = folded AND last_hash = p_after_hash;
    IF NOT FOUND THEN
        IF NOT EXISTS (SELECT FROM games WHERE id = p_game) THEN
            RAISE EXCEPTION 'there is no game %', p_game USING ERRCODE = 'foreign_key_violation';
        END IF;
        IF (folded = 0 AND p_after_hash = '\x0000000000000000000000000000000000000000000000000000000000000000')
           OR EXISTS (SELECT FROM events
                      WHERE game_id = p_game AND seq = folded AND hash = p_after_hash) THEN
            RAISE EXCEPTION 'game % went on past version %: another writer came first', p_game, folded
                USING ERRCODE = 'unique_violation', CONSTRAINT = 'events_pkey';
        END IF;
        RAISE EXCEPTION 'the log of game % does not hold the fold at version % the append follows',
            p_game, folded
            USING ERRCODE = 'unique_violation', CONSTRAINT = 'games_fold_is_the_logs';
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

DROP TABLE mail_outbox;
DROP TABLE muted_games;
DROP TABLE email_addresses;

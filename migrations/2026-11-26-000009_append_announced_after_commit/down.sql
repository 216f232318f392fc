-- Back to the log's foreign keys and the append that notifies inside its
-- own transaction.
ALTER TABLE events
    ADD CONSTRAINT events_game_id_fkey FOREIGN KEY (game_id) REFERENCES games (id),
    ADD CONSTRAINT events_command_id_fkey FOREIGN KEY (command_id) REFERENCES commands (id);
ALTER TABLE commands
    ADD CONSTRAINT commands_game_id_fkey FOREIGN KEY (game_id) REFERENCES games (id),
    ADD CONSTRAINT commands_actor_fkey FOREIGN KEY (actor) REFERENCES users (id);

DROP FUNCTION owlpost_append(uuid, text, timestamptz, bigint[], text[], jsonb[], bytea[],
    smallint[], uuid[], text, bigint, jsonb, timestamptz, uuid[], jsonb[]);

-- An append in one call, so one round trip: the command row (if any), its
-- events, the seats it changes, the game's projections, the webhook outbox
-- and the change notice (delivered on commit). Called as a prepared
-- statement, alone (its own transaction: an optimistic append on a fold known
-- to be the latest, where a taken `(game_id, seq)` means another writer came
-- first) or inside a transaction holding the game's lock. Returns the number
-- of outbox rows written.
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
    p_notifications jsonb[],
    -- the change notice on channel owlpost_changes, `?` standing for
    -- whether outbox rows were written (0 or 1)
    p_notice        text
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
    command jsonb := p_command::jsonb;
    command_id uuid := (command ->> 'id')::uuid;
    written integer := 0;
BEGIN
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
    UPDATE games
    SET status = p_status, version = p_version, awaiting = p_awaiting,
        updated_at = p_recorded_at, deadline_at = p_deadline
    WHERE id = p_game;
    IF cardinality(p_told) > 0 THEN
        INSERT INTO outbox (webhook_id, game_id, payload)
        SELECT w.id, p_game, n.payload
        FROM unnest(p_told, p_notifications) WITH ORDINALITY AS n (user_id, payload, position)
        JOIN webhooks w ON w.user_id = n.user_id
        ORDER BY n.position, w.created_at;
        GET DIAGNOSTICS written = ROW_COUNT;
    END IF;
    PERFORM pg_notify('owlpost_changes',
        replace(p_notice, '?', CASE WHEN written > 0 THEN '1' ELSE '0' END));
    RETURN written;
END;
$$;

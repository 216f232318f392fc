-- Mail: a player's address (confirmed by a link before anything else is
-- sent to it), what he wants to be sent, the games he muted, and the mail
-- outbox. Like the webhook outbox, a turn mail is written by the append, in
-- the move's own transaction: never lost, never sent for a move that was
-- rolled back; a mailer sends due rows over SMTP and retries with backoff.
CREATE TABLE email_addresses (
    user_id           uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    address           text NOT NULL,
    -- the secret of the link that confirms the address
    confirm_token     text NOT NULL UNIQUE,
    confirmed_at      timestamptz,
    -- the secret of the one-click unsubscribe link in every mail
    unsubscribe_token text NOT NULL UNIQUE,
    -- 'each': a mail per game that comes to await him; 'digest': one a day; 'none'
    notify            text NOT NULL DEFAULT 'each' CHECK (notify IN ('each', 'digest', 'none')),
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE muted_games (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    game_id uuid NOT NULL REFERENCES games (id),
    PRIMARY KEY (user_id, game_id)
);

CREATE TABLE mail_outbox (
    id              bigserial PRIMARY KEY,
    user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- 'confirm' (the link to confirm an address), 'turn', or 'digest' (one
    -- game of a daily digest: the player's digest is sent, all its items in
    -- one mail, when the oldest is a day old)
    kind            text NOT NULL,
    game_id         uuid REFERENCES games (id),
    payload         jsonb NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    delivered_at    timestamptz,
    given_up_at     timestamptz,
    last_error      text
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at)
    WHERE delivered_at IS NULL AND given_up_at IS NULL;

-- The append of migration `append_continues_the_log`, which also writes the
-- turn mails. Returns the number of outbox rows written, webhooks and mails
-- together (either wakes the deliverers).
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
    mailed integer := 0;
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
        -- For each player told who confirmed an address and did not mute
        -- this game: a turn mail, or an item of his next daily digest.
        INSERT INTO mail_outbox (user_id, kind, game_id, payload)
        SELECT n.user_id, CASE e.notify WHEN 'each' THEN 'turn' ELSE 'digest' END,
               p_game, n.payload
        FROM unnest(p_told, p_notifications) WITH ORDINALITY AS n (user_id, payload, position)
        JOIN email_addresses e ON e.user_id = n.user_id
        WHERE e.confirmed_at IS NOT NULL AND e.notify IN ('each', 'digest')
          AND NOT EXISTS (SELECT 1 FROM muted_games m
                          WHERE m.user_id = n.user_id AND m.game_id = p_game)
        ORDER BY n.position;
        GET DIAGNOSTICS mailed = ROW_COUNT;
    END IF;
    RETURN written + mailed;
END;
$$;

-- Owlpost's event store. The events table is the only truth about a game;
-- games.status/version/awaiting are projections kept in the same transaction
-- as the events they summarise, so listings never need a fold.

CREATE TABLE users (
    id            uuid PRIMARY KEY,
    username      text NOT NULL UNIQUE,
    password_hash text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE games (
    id          uuid PRIMARY KEY,
    ruleset     text NOT NULL,
    seat_count  smallint NOT NULL CHECK (seat_count BETWEEN 1 AND 8),
    created_by  uuid NOT NULL REFERENCES users (id),
    -- the secret seed of the game's random stream; its sha256 is public in event 1
    seed        bytea NOT NULL CHECK (octet_length(seed) = 32),
    status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'active', 'finished')),
    version     bigint NOT NULL DEFAULT 0,
    -- seats the game waits for, as a JSON array of seat numbers
    awaiting    jsonb NOT NULL DEFAULT '[]',
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE seats (
    game_id   uuid NOT NULL REFERENCES games (id),
    seat      smallint NOT NULL,
    user_id   uuid NOT NULL REFERENCES users (id),
    joined_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE commands (
    id              uuid PRIMARY KEY,
    game_id         uuid NOT NULL REFERENCES games (id),
    actor           uuid NOT NULL REFERENCES users (id),
    idempotency_key text,
    body            jsonb NOT NULL,
    first_seq       bigint NOT NULL,
    last_seq        bigint NOT NULL,
    -- the answer given the first time, returned again for a retried key
    response        jsonb NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT commands_idempotency UNIQUE (game_id, actor, idempotency_key)
);

CREATE TABLE events (
    game_id     uuid NOT NULL REFERENCES games (id),
    seq         bigint NOT NULL CHECK (seq >= 1),
    kind        text NOT NULL CHECK (kind IN ('platform', 'rules')),
    payload     jsonb NOT NULL,
    command_id  uuid REFERENCES commands (id),
    recorded_at timestamptz NOT NULL DEFAULT now(),
    -- sha256(previous hash || canonical bytes of this event): a tamper-evident chain
    hash        bytea NOT NULL CHECK (octet_length(hash) = 32),
    CONSTRAINT events_pkey PRIMARY KEY (game_id, seq)
);

-- The log is append-only: history is never rewritten.
CREATE FUNCTION events_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'events are append-only';
END;
$$;
CREATE TRIGGER events_append_only
    BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_are_append_only();

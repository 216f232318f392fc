-- Snapshots: a game's fold kept every so many events (api/src/store/snapshots.rs
-- says how many and why), so that loading a game after a restart, or the game
-- at an earlier event, folds only the events after the nearest snapshot.
-- A snapshot is only an accelerator, written after the append that reaches it
-- has committed (never in its way): the events stay the truth, a missing
-- snapshot costs a longer fold, and one of another rules version (the state's
-- serialised form changed) or that does not read is ignored.
CREATE TABLE snapshots (
    game_id       uuid NOT NULL REFERENCES games (id),
    -- the serialised form of the two states, e.g. 'wizwar/1 table/1'
    rules_version text NOT NULL,
    -- the game's version the snapshot was folded to (its last event)
    version       bigint NOT NULL CHECK (version >= 1),
    -- that event's hash, where the next event's chain link starts
    last_hash     bytea NOT NULL CHECK (octet_length(last_hash) = 32),
    -- when the awaited seats time out, as folded (it depends on when events
    -- were recorded, which a snapshot cannot fold again)
    deadline_at   timestamptz,
    -- JSON text of the table's and the rules' states, kept as bytes: read
    -- straight into the typed states, never parsed into a jsonb tree
    table_state   bytea NOT NULL,
    rules_state   bytea NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    -- also the index of "the latest snapshot at or before seq"
    PRIMARY KEY (game_id, rules_version, version)
);

-- The archive: finished games browsable by anyone signed in, newest first,
-- and per-ruleset ratings.
--
-- How a game ended is a projection of its `game_ended` event, written in the
-- transaction that appends it: when, the outcome, and whether it was won,
-- drawn or abandoned. `rated` says whether its first event asked for a rated
-- game (games created before ratings existed asked nothing: unrated).
ALTER TABLE games
    ADD COLUMN finished_at timestamptz,
    ADD COLUMN outcome jsonb,
    ADD COLUMN ending text CHECK (ending IN ('won', 'drawn', 'abandoned')),
    ADD COLUMN rated boolean NOT NULL DEFAULT false;

UPDATE games g
SET finished_at = e.recorded_at,
    outcome = e.payload -> 'outcome',
    ending = CASE
        WHEN EXISTS (
            SELECT 1 FROM events b
            WHERE b.game_id = e.game_id AND b.seq = e.seq - 1
              AND b.kind = 'platform' AND b.payload ->> 'type' = 'abandon_agreed'
        ) THEN 'abandoned'
        WHEN jsonb_array_length(e.payload -> 'outcome' -> 'winners') = 0 THEN 'drawn'
        ELSE 'won'
    END
FROM events e
WHERE e.game_id = g.id AND e.kind = 'platform' AND e.payload ->> 'type' = 'game_ended';

-- The archive's order, and its keyset cursor: (finished_at, id), newest first.
-- A game that finishes later sorts before every cursor already handed out,
-- so the pages after a cursor never shift.
CREATE INDEX games_finished ON games (finished_at DESC, id DESC) WHERE status = 'finished';

-- A player's current Glicko-2 rating in one ruleset.
CREATE TABLE ratings (
    user_id    uuid NOT NULL REFERENCES users (id),
    ruleset    text NOT NULL,
    rating     double precision NOT NULL,
    deviation  double precision NOT NULL,
    volatility double precision NOT NULL,
    games      integer NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (user_id, ruleset)
);

-- Every change of a rating, one row per player of a rated game: the history
-- a player's page draws, and what a rebuild from the log is compared with.
CREATE TABLE rating_changes (
    game_id    uuid NOT NULL REFERENCES games (id),
    user_id    uuid NOT NULL REFERENCES users (id),
    ruleset    text NOT NULL,
    rating     double precision NOT NULL,
    deviation  double precision NOT NULL,
    volatility double precision NOT NULL,
    recorded_at timestamptz NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_changes_by_player ON rating_changes (user_id, ruleset, recorded_at);

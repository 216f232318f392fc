-- Vacations: each user spends an allowance of days a calendar year (the
-- year a vacation begins in pays for it). `days` is what it cost: the days
-- asked for, less the whole days given back when it ended early.
CREATE TABLE vacations (
    id        uuid PRIMARY KEY,
    user_id   uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    began_at  timestamptz NOT NULL,
    until     timestamptz NOT NULL CHECK (until > began_at),
    days      integer NOT NULL CHECK (days >= 0),
    ended_at  timestamptz
);
-- One vacation at a time.
CREATE UNIQUE INDEX vacations_one_running ON vacations (user_id) WHERE ended_at IS NULL;
-- What the deadline sweep ends.
CREATE INDEX vacations_running_until ON vacations (until) WHERE ended_at IS NULL;
CREATE INDEX vacations_of_user ON vacations (user_id, began_at);

-- The lobby lists seats offered to substitutes from the log: these events
-- are few, and the index keeps their search from reading the whole log.
CREATE INDEX events_substitutes ON events (game_id, seq)
    WHERE kind = 'platform'
      AND payload ->> 'type' IN ('seat_offered', 'substitute_seated', 'seat_handed_over');

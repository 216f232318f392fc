-- A creator may call off a game nobody has started yet; and players look for
-- open games to join, oldest first.
ALTER TABLE games DROP CONSTRAINT games_status_check;
ALTER TABLE games ADD CONSTRAINT games_status_check
    CHECK (status IN ('open', 'active', 'finished', 'cancelled'));
CREATE INDEX games_open ON games (created_at, id) WHERE status = 'open';

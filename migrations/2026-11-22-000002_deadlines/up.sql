-- When the game stops waiting patiently: a projection of the game's time
-- control and its events, kept with them, so the sweeper finds overdue games
-- with one indexed query.
ALTER TABLE games ADD COLUMN deadline_at timestamptz;
CREATE INDEX games_overdue ON games (deadline_at) WHERE status = 'active' AND deadline_at IS NOT NULL;

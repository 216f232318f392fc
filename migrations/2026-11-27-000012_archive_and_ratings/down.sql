DROP TABLE rating_changes;
DROP TABLE ratings;
DROP INDEX games_finished;
ALTER TABLE games
    DROP COLUMN finished_at,
    DROP COLUMN outcome,
    DROP COLUMN ending,
    DROP COLUMN rated;

DROP INDEX games_overdue;
ALTER TABLE games DROP COLUMN deadline_at;

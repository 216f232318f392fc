-- A command's answer is kept only when a retry can ask for it again (it came
-- with an Idempotency-Key): most commands have none, and their answers were
-- most of the table.
ALTER TABLE commands ALTER COLUMN response DROP NOT NULL;
UPDATE commands SET response = NULL WHERE idempotency_key IS NULL;

ALTER TABLE users DROP COLUMN sessions_valid_after;
DROP TABLE refresh_tokens;
DROP TABLE session_families;

ALTER TABLE users DROP COLUMN computer;

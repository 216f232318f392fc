ALTER TABLE games DROP COLUMN assumed_revision;

UPDATE commands SET response = 'null'::jsonb WHERE response IS NULL;
ALTER TABLE commands ALTER COLUMN response SET NOT NULL;

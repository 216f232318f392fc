-- Rules revisions: a game's first event names the revision of its rules it
-- is played under. Games created before that name none and are revision 1,
-- unless the server knows better, which it keeps here.
--
-- It does know better for Wiz-War: every build that brought the snapshots
-- migration (2026-11-26-000008) already played Wiz-War as revision 2 does (a
-- punch at a wizard opens a response window, a Lightning Bolt is cast in a
-- direction). So a Wiz-War game created on this database after that migration
-- ran was created under revision 2's rules; one created before it is left to
-- revision 1 (the rules as commit de3d825 played them).
ALTER TABLE games ADD COLUMN assumed_revision integer
    CHECK (assumed_revision IS NULL OR assumed_revision >= 1);

COMMENT ON COLUMN games.assumed_revision IS
    'The rules revision of a game whose first event names none (created before revisions were recorded); NULL: revision 1';

UPDATE games SET assumed_revision = 2
WHERE ruleset = 'wizwar'
  AND created_at >= (
      SELECT run_on FROM __diesel_schema_migrations WHERE version = '20261126000008'
  );

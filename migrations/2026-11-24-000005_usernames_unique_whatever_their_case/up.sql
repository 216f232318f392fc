-- Usernames are unique whatever their case (`admin`, `ADMIN` and `admIn` are
-- one name); each account keeps the spelling it chose.
--
-- Accounts made before this whose names differ only in case all keep working:
-- the oldest keeps its name, each later one gets `#2`, `#3`, ... appended.
-- `#` is no username character, so nobody can register the new names, and
-- their owners log in with them (the operator tells them).
UPDATE users u SET username = u.username || '#' || (d.rank)::text
FROM (
    SELECT id, row_number() OVER (PARTITION BY lower(username) ORDER BY created_at, id) AS rank
    FROM users
) d
WHERE u.id = d.id AND d.rank > 1;

CREATE UNIQUE INDEX users_username_whatever_its_case ON users (lower(username));

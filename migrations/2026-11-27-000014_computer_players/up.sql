-- Computer players sit at a table as users of their own, one for each seat
-- given to one, so that every seat still has its one user (the log credits
-- each command to a user, and a user to a seat). `computer` says how such a
-- user plays; NULL for a person. Their password hash verifies no password:
-- nobody signs in as a computer player.
ALTER TABLE users
    ADD COLUMN computer text CHECK (computer IN ('random', 'heuristic'));

DROP TABLE events;
DROP FUNCTION events_are_append_only();
DROP TABLE commands;
DROP TABLE seats;
DROP TABLE games;
DROP TABLE users;

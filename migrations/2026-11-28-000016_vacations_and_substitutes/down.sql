DROP INDEX events_substitutes;
DROP TABLE vacations;

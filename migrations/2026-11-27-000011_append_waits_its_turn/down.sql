-- Back to appends that do not look at the game's lock.
DROP FUNCTION owlpost_append(uuid, text, timestamptz, bigint[], text[], jsonb[], bytea[],
    smallint[], uuid[], text, bigint, jsonb, timestamptz, uuid[], jsonb[]);
ALTER FUNCTION owlpost_append_holding_lock(uuid, text, timestamptz, bigint[], text[], jsonb[],
    bytea[], smallint[], uuid[], text, bigint, jsonb, timestamptz, uuid[], jsonb[])
    RENAME TO owlpost_append;

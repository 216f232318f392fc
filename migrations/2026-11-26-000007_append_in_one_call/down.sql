DROP FUNCTION owlpost_append;

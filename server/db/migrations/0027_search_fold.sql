-- Text searches match without case or accents ("cedre" finds "Cèdre", "EVENEMENTIEL" finds "Événementiel"), on PGlite
-- and PostgreSQL alike: built-in functions only (no unaccent extension, which a managed database may not offer), and
-- IMMUTABLE so that generated columns and trigram indexes can hold its result. lower() folds ASCII in any locale; the
-- accented capitals are in the list for the C locale, where lower() leaves them as they are.
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT translate(lower(value), 'ÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćČčĎďÈÉÊËèéêëĒēĖėĘęĚěÌÍÎÏìíîïĪīĮįŁłÑñŃńŇňÒÓÔÕÖØòóôõöøŌōŐőŘřŚśŠšŞşŤťÙÚÛÜùúûüŪūŮůŰűÝýÿŸŹźŻżŽž', 'aaaaaaaaaaaaaaaaaaccccccddeeeeeeeeeeeeeeeeiiiiiiiiiiiillnnnnnnoooooooooooooooorrssssssttuuuuuuuuuuuuuuyyyyzzzzzz') $$;

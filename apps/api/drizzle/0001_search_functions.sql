-- Case- and accent-insensitive search (CONTRACT §3) on both engines without the unaccent
-- extension: fold Spanish accents and case. IMMUTABLE so that indexes can use it.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT lower(translate($1,
    'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç',
    'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))
$$;
--> statement-breakpoint
-- btree_gist lets later EXCLUDE constraints combine equality (cabin) with range overlap (time).
CREATE EXTENSION IF NOT EXISTS btree_gist;

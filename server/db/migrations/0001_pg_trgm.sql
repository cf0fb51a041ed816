-- Trigram matching for the catalogue search (typo tolerance, substring search in any language).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

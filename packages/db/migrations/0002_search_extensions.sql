-- Trigram similarity for search suggestions and typo tolerance (a trusted extension since PostgreSQL 13).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

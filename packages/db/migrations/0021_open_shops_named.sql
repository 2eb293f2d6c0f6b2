-- sellerGoods!search-keyword's shops (ADR 0013): the open shops whose names match a keyword by trigram
-- word similarity or contain it, most similar first. On a table of a few hundred shops the planner prices
-- a sequential scan below the trigram index, but the scan computes word_similarity for every shop (1.3-1.5 ms
-- a call on the bench's 300 shops, against 0.2 ms through shops_name_trgm_idx), so the query runs with
-- sequential scans priced out. The OFFSET 0 keeps the status test out of the index choice (shops_open_idx
-- would otherwise be walked whole). The function keeps its plan for the session.
CREATE FUNCTION open_shops_named(keyword text, pattern text, max_rows integer) RETURNS SETOF text
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
AS $$
BEGIN
  RETURN QUERY
    SELECT m.id FROM (
      SELECT s.id, s.status, s.name FROM shops s
       WHERE keyword <% lower(s.name) OR lower(s.name) LIKE pattern
      OFFSET 0) m
     WHERE m.status = 'open'
     ORDER BY word_similarity(keyword, lower(m.name)) DESC, m.id
     LIMIT max_rows;
END
$$;

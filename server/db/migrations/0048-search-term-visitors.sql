-- Search terms offered to everyone (issue 34 item 1; docs/decisions.md 2026-11-29). A search no longer
-- makes its text a suggestion by itself: a term is offered when its last search found videos
-- (`results`), enough distinct visitors searched it (`visitors`: an address counts once per term per
-- day), it has no markup, no word of the block list (a setting) and staff have not hidden it.
-- The terms stored so far were counted without those rules: they start at 0 visitors and unknown
-- results, so none is offered until visitors search it again.
ALTER TABLE search_keywords
  ADD COLUMN visitors integer NOT NULL DEFAULT 0,
  ADD COLUMN results integer,
  ADD COLUMN searched_at timestamptz,
  ADD COLUMN hidden_at timestamptz;

-- Who searched a term on a day: a keyed hash of the client address (never the address), kept only for
-- today and yesterday (the de-duplication needs no more); the unique key makes a repeat, from any
-- process, count nothing.
CREATE TABLE search_keyword_visitors (
  keyword_id      bigint NOT NULL REFERENCES search_keywords (id) ON DELETE CASCADE,
  day             date NOT NULL,
  address_hash    bytea NOT NULL,
  PRIMARY KEY (keyword_id, day, address_hash)
);
CREATE INDEX search_keyword_visitors_day ON search_keyword_visitors (day);

-- The top searches read the terms that could be offered, most searched first.
CREATE INDEX search_keywords_offerable ON search_keywords (searches DESC, keyword)
  WHERE hidden_at IS NULL AND results > 0;

-- The staff page of the contact/report form (/admin/reports/). 0001 already gave `reports` a state
-- (status 'open' | 'resolved' | 'dismissed') and who resolved it (resolved_by); this adds when, and
-- the indexes of the page's two lists. "Handled" is any state but 'open'; the page writes 'resolved'.
ALTER TABLE reports ADD COLUMN resolved_at timestamptz;
-- Open reports, newest first (the page's default list), and the handled ones the same way. Partial:
-- each list reads its own small index in order, the count included.
CREATE INDEX reports_open_idx ON reports (created_at DESC, id DESC) WHERE status = 'open';
CREATE INDEX reports_handled_idx ON reports (created_at DESC, id DESC) WHERE status <> 'open';
-- Superseded by the two above (nothing filters on status and created_at otherwise).
DROP INDEX reports_status_idx;

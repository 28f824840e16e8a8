-- Audit F15 (issue 11): a guest viewer is an IP and a user agent, so changing the user agent made a new
-- viewer every time. This counter caps the counted views per IP (a salted hash of the address, IPv6 by
-- its /64) per video per UTC day. One row per key, raised with INSERT ... ON CONFLICT DO UPDATE ...
-- WHERE views < cap in the same statement that stages the view: the row lock makes the cap hold under
-- parallel requests and across processes. Rows of past days are deleted with the flushed view_events.
CREATE TABLE view_ip_counts (
  video_id        bigint NOT NULL,
  ip_hash         text NOT NULL,
  bucket          integer NOT NULL,
  views           integer NOT NULL,
  PRIMARY KEY (video_id, ip_hash, bucket)
);
CREATE INDEX view_ip_counts_bucket_idx ON view_ip_counts (bucket);

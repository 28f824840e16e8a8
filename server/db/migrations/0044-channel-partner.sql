-- Issue 20: the partner channel of content.md §2 ("Channel id 2681 is special: no channel block, and a
-- 'Watch' button in the player") as a channel setting that the staff set in the console
-- (/admin/channels/{id}/). A partner channel's videos show no channel block on their pages, and the player
-- shows a 'Watch' button to the channel's site (its url; without one, the channel's page). Channel 2681
-- keeps the behaviour the spec names, for a catalogue imported with the spec's ids.
ALTER TABLE channels ADD COLUMN partner boolean NOT NULL DEFAULT false;
UPDATE channels SET partner = true WHERE id = 2681;

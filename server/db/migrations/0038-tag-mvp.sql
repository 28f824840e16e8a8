-- Issue 17: a tag's mvp block (content.md §2 "Tag pages take title, description and heading from a server
-- block named mvp") as the staff set it in the console. An empty text keeps the built title, description
-- or heading (listings.service.ts tagMvp); an empty link list keeps the related tags (tag_related).
-- mvp_links is [{"title": "…", "url": "/tags/x/1/" | "https://…"}], checked by the console's service.
ALTER TABLE tags
  ADD COLUMN mvp_title text NOT NULL DEFAULT '',
  ADD COLUMN mvp_desc text NOT NULL DEFAULT '',
  ADD COLUMN mvp_h1 text NOT NULL DEFAULT '',
  ADD COLUMN mvp_links jsonb NOT NULL DEFAULT '[]'::jsonb;


-- Ad zones (issue 6): what each ad place on the site shows, set by an administrator at /admin/ads/
-- (no code change to switch a network). config is the zone's JSON (contract/ads.ts
-- adZoneConfigSchemas): VAST tags for the pre-roll, creatives for the banner zones, the promo banner.
-- The defaults are self-hosted house ads (server/http/ads.routes.ts draws them) and no VAST tag, so
-- a fresh site calls no outside network.
CREATE TABLE ad_zones (
  key             text PRIMARY KEY CHECK (key IN ('preroll', 'pause', 'footer', 'carousel', 'aside', 'promo')),
  enabled         boolean NOT NULL DEFAULT false,
  config          jsonb NOT NULL,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  updated_by      bigint REFERENCES users(id) ON DELETE SET NULL
);

INSERT INTO ad_zones (key, enabled, config) VALUES
  ('preroll', false, '{"tags": [], "fallback": null, "trackerUrl": null}'),
  ('pause', true, '{"creatives": [
    {"kind": "image", "src": "/ads/house/300x250-1.svg", "href": "/advertising/", "alt": "Advertise here", "width": 300, "height": 250}]}'),
  ('footer', true, '{"creatives": [
    {"kind": "image", "src": "/ads/house/300x250-1.svg", "href": "/advertising/", "alt": "Advertise here", "width": 300, "height": 250},
    {"kind": "image", "src": "/ads/house/300x250-2.svg", "href": "/advertising/", "alt": "Advertise here", "width": 300, "height": 250},
    {"kind": "image", "src": "/ads/house/300x250-3.svg", "href": "/advertising/", "alt": "Advertise here", "width": 300, "height": 250},
    {"kind": "image", "src": "/ads/house/300x250-4.svg", "href": "/advertising/", "alt": "Advertise here", "width": 300, "height": 250}]}'),
  ('carousel', true, '{"creatives": [
    {"kind": "image", "src": "/ads/house/300x250-1.svg", "href": "/advertising/", "alt": "Advertise here", "width": 300, "height": 250},
    {"kind": "image", "src": "/ads/house/300x250-2.svg", "href": "/advertising/", "alt": "Advertise here", "width": 300, "height": 250},
    {"kind": "image", "src": "/ads/house/300x250-3.svg", "href": "/advertising/", "alt": "Advertise here", "width": 300, "height": 250},
    {"kind": "image", "src": "/ads/house/300x250-4.svg", "href": "/advertising/", "alt": "Advertise here", "width": 300, "height": 250},
    {"kind": "image", "src": "/ads/house/300x250-5.svg", "href": "/advertising/", "alt": "Advertise here", "width": 300, "height": 250}]}'),
  ('aside', true, '{"creatives": [
    {"kind": "image", "src": "/ads/house/300x250-2.svg", "href": "/advertising/", "alt": "Advertise here", "width": 300, "height": 250},
    {"kind": "image", "src": "/ads/house/300x250-3.svg", "href": "/advertising/", "alt": "Advertise here", "width": 300, "height": 250}]}'),
  ('promo', true, '{"banner": {"kind": "image", "src": "/ads/house/728x90-promo.svg", "mobileSrc": "/ads/house/320x100-promo.svg", "href": "/signup/", "height": 90}}');

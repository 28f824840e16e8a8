// The namespaces of locales/en.json that are not in every page's first load: each is read by the route
// modules that show it (addEnglish in lib/i18n.ts), through the virtual modules `virtual:en/<namespace>`
// of locales/vite-english.ts; everything else is `virtual:en/core`, bundled with the entry. No imports
// here: vite.config.ts reads this file too.
export const ROUTE_NAMESPACES = [
  'admin_audit',
  'admin_console',
  'admin_dashboard',
  'admin_discovery',
  'admin_search',
  'admin_settings',
  'admin_taxonomy',
  'admin_users',
  'admin_videos',
  'ads_admin',
  'age_verification_admin',
  'categories',
  'community',
  'dmca',
  'friends',
  'home',
  'info_pages',
  'member',
  'moderation',
  'page',
  'playlists',
  'profile',
  'reports_admin',
  'upload',
  'wall',
] as const;

/**
 * The namespaces of locales/en.json no page shows: the server's English answers (`api`, read by
 * server/lib/english.ts). Never in a page's JavaScript; translated like the rest.
 */
export const SERVER_NAMESPACES = ['api'] as const;

// The route table of spec/content.md §2, in the spec's order. Every path ends with a slash (the
// Fastify server redirects slashless paths). Short forms that only move elsewhere share
// routes/redirect.tsx; their targets live in lib/redirects.ts.
import { index, type RouteConfig, route } from '@react-router/dev/routes';
import { LEGAL_SECTIONS } from '../contract/information.ts';

const redirect = (path: string, id: string) => route(path, 'routes/redirect.tsx', { id: `redirect-${id}` });

// Member sections in the spec's order; edit and info have no page number.
const MEMBER_SECTIONS = [
  ['wall', ':page/'],
  ['friends', ':page/'],
  ['edit', ''],
  ['subscriptions', ':page/'],
  ['uploaded_videos', ':page/'],
  ['favourite_videos', ':page/'],
  ['playlists', ':page/'],
  ['history', ':page/'],
  ['watch_later_videos', ':page/'],
  ['info', ''],
] as const;

const pages = [
  index('routes/home.tsx'),

  route('video/:id/:dir/', 'routes/video.tsx'),
  route('video/:id/', 'routes/video-short.tsx'),
  route('video/:id/:dir/videos/:page/', 'routes/video-videos.tsx'),
  redirect('video/:id/:dir/videos/', 'video-videos'),
  route('embed/:video_id/:dir/', 'routes/embed.tsx'),

  route('videos/:sort/:page/', 'routes/videos.tsx'),
  redirect('videos/:sort/', 'videos-sort'),
  redirect('videos/', 'videos'),

  route('categories/', 'routes/categories.tsx'),
  // /categories/x/ is the list in a category sort when x is one; anything else is a category's short
  // form, 301 to its videos (see routes/categories.tsx).
  route('categories/:sort/', 'routes/categories.tsx', { id: 'categories-sort' }),
  route('categories/:object_id/:sort/:page/', 'routes/category-videos.tsx'),
  redirect('categories/:object_id/:sort/', 'category-sort'),

  // /tags/x/ is a letter list when x is 0, a..z or all, otherwise a tag (see routes/tags.tsx).
  route('tags/', 'routes/tags.tsx', { id: 'tags' }),
  route('tags/:letter/', 'routes/tags.tsx', { id: 'tags-letter' }),
  route('tags/:object_id/:page/', 'routes/tag-videos.tsx'),

  redirect('latest-updates/', 'latest-updates'),
  redirect('top-rated/', 'top-rated'),
  redirect('most-commented/', 'most-commented'),
  redirect('most-popular/', 'most-popular'),

  route('history/', 'routes/history.tsx'),
  route('search/:page/', 'routes/search.tsx'),

  route('playlists/:sort/:page/', 'routes/playlists.tsx'),
  redirect('playlists/:sort/', 'playlists-sort'),
  redirect('playlists/', 'playlists'),
  route('playlist/:id/', 'routes/playlist.tsx', { id: 'playlist' }),
  route('playlist/:id/info/', 'routes/playlist.tsx', { id: 'playlist-info' }),
  route('playlist/:id/videos/:page/', 'routes/playlist.tsx', { id: 'playlist-videos' }),
  redirect('playlist/:id/videos/', 'playlist-videos'),

  route('pornstars/:sort/:page/', 'routes/pornstars.tsx'),
  redirect('pornstars/:sort/', 'pornstars-sort'),
  redirect('pornstars/', 'pornstars'),
  route('pornstar/:dir/', 'routes/pornstar.tsx', { id: 'pornstar' }),
  route('pornstar/:dir/info/', 'routes/pornstar.tsx', { id: 'pornstar-info' }),
  route('pornstar/:dir/videos/:page/', 'routes/pornstar.tsx', { id: 'pornstar-videos' }),
  redirect('pornstar/:dir/videos/', 'pornstar-videos'),
  route('pornstar/:dir/videos/:object_id/:page/', 'routes/pornstar.tsx', { id: 'pornstar-category' }),
  // pornstar_videos_tag (object_id, page, sort): the same page in another video sort.
  route('pornstar/:dir/videos/:object_id/:sort/:page/', 'routes/pornstar.tsx', {
    id: 'pornstar-category-sort',
  }),

  route('pornsites/:sort/:page/', 'routes/pornsites.tsx'),
  redirect('pornsites/:sort/', 'pornsites-sort'),
  redirect('pornsites/', 'pornsites'),
  route('pornsite/:dir/', 'routes/pornsite.tsx', { id: 'pornsite' }),
  route('pornsite/:dir/info/', 'routes/pornsite.tsx', { id: 'pornsite-info' }),
  route('pornsite/:dir/videos/:page/', 'routes/pornsite.tsx', { id: 'pornsite-videos' }),
  redirect('pornsite/:dir/videos/', 'pornsite-videos'),

  route('advertising/', 'routes/advertising.tsx'),
  route('community/:sort/:page/', 'routes/community.tsx'),
  redirect('community/', 'community'),

  route('signin/', 'routes/signin.tsx'),
  route('signup/', 'routes/signup.tsx', { id: 'signup' }),
  route('restore-password/', 'routes/signup.tsx', { id: 'restore-password' }),

  route('information/', 'routes/information.tsx', { id: 'information' }),
  ...LEGAL_SECTIONS.map((section) =>
    route(`information/${section}/`, 'routes/information.tsx', { id: `information-${section}` }),
  ),
  route('sitemap-page/', 'routes/sitemap.tsx'),

  route('members/:id/', 'routes/member.tsx', { id: 'member' }),
  ...MEMBER_SECTIONS.map(([section, page]) =>
    route(`members/:id/${section}/${page}`, 'routes/member.tsx', { id: `member-${section}` }),
  ),

  route('upload-video/', 'routes/upload-video.tsx'),
  route('upload-video/verify/', 'routes/upload-verify.tsx'),
  route('upload-video/records/:id/', 'routes/upload-records.tsx'),
  route('download/', 'routes/download.tsx'),

  route('admin/', 'routes/admin-dashboard.tsx'),
  route('admin/ads/', 'routes/admin-ads.tsx'),

  route('admin/moderation/', 'routes/admin-moderation.tsx'),
  route('admin/users/', 'routes/admin-users.tsx'),
  route('admin/videos/', 'routes/admin-videos.tsx'),
  route('admin/videos/:id/', 'routes/admin-video-edit.tsx'),
  route('admin/comments/', 'routes/admin-comments.tsx'),
  route('admin/search-terms/', 'routes/admin-search-terms.tsx'),
  route('admin/discovery/', 'routes/admin-discovery.tsx'),
  route('admin/reports/', 'routes/admin-reports.tsx'),
  route('admin/dmca/', 'routes/admin-dmca.tsx'),
  route('admin/appeals/', 'routes/admin-appeals.tsx'),
  route('admin/age-verification/', 'routes/admin-age-verification.tsx'),
  route('admin/quarantine/', 'routes/admin-quarantine.tsx'),
  route('admin/categories/', 'routes/admin-categories.tsx', { id: 'admin-categories' }),
  route('admin/categories/:id/', 'routes/admin-categories.tsx', { id: 'admin-categories-edit' }),
  route('admin/tags/', 'routes/admin-tags.tsx', { id: 'admin-tags' }),
  route('admin/tags/:id/', 'routes/admin-tags.tsx', { id: 'admin-tags-edit' }),
  route('admin/models/', 'routes/admin-models.tsx', { id: 'admin-models' }),
  route('admin/models/:id/', 'routes/admin-models.tsx', { id: 'admin-models-edit' }),
  route('admin/channels/', 'routes/admin-channels.tsx', { id: 'admin-channels' }),
  route('admin/channels/:id/', 'routes/admin-channels.tsx', { id: 'admin-channels-edit' }),
  route('admin/audit/', 'routes/admin-audit.tsx'),
  route('admin/settings/', 'routes/admin-settings.tsx'),

  // Private messages (issue 14): the member's own pages, not in the spec's table.
  route('messages/', 'routes/messages.tsx'),
  route('messages/:user_id/', 'routes/messages-conversation.tsx'),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

// Every page under one route whose error boundary renders inside the root's shell, with the root
// loader's data, for a failed POST too (routes/page-errors.tsx says why, and why its path is '/').
export default [route('/', 'routes/page-errors.tsx', pages)] satisfies RouteConfig;

// The watching calls' paths, sizes and timings without zod: the video page, the player and the view
// beacon are in the first load of the video page, and importing watch.ts would bring its schemas, and
// zod, there (e2e/player.test.ts measures it). watch.ts re-exports all of it.

/**
 * GET /api/json/videos_related2/{lifetime}/{gender}/{count}/{video_id}.{page}.json
 * §9: related lifetime 432000, 20 per call. Related by shared categories, tags, models and channel
 * (weighted), then by popularity; never the video itself; only listed (active, public) videos.
 * Errors: 400 {error, code} for a bad segment (invalid_lifetime, invalid_gender, invalid_count,
 * invalid_video_id, invalid_page); 404 {error, code: 'video_not_found'} for an unknown or unlisted video.
 */
export const RELATED_LIFETIME = 432000;
export const RELATED_COUNT = 20;
/** The page shows 10 at a time (§9: related 10) and fetches 10 pages' worth at once into its cache. */
export const RELATED_PAGE_SIZE = 10;
/** Show more is offered while the page is below 3; from page 3 View All goes to search by title. */
export const RELATED_MAX_PAGE = 3;
/** The related list is ranked this deep; pages past it are empty. */
export const RELATED_LIST_MAX = 200;

export function relatedPath(gender: string, videoId: number, page: number, count = RELATED_COUNT): string {
  return `/api/json/videos_related2/${RELATED_LIFETIME}/${gender}/${count}/${videoId}.${page}.json`;
}

/**
 * POST /api/input.php (form-encoded) act=view section=video object_id={video_id} [user_id] [nogeo]
 * [home=1 when the referrer is the site's home or a country page]. Sent by the player 1 s after
 * playback starts. Answers {ok: true, counted: boolean} (counted false for a repeat from the same
 * viewer within the window), or 400 {error, code, codes:[{field, code}]}.
 */
export const VIEW_DELAY_MS = 1000;
export const INPUT_PATH = '/api/input.php';

/** GET /oembed/?url={video page URL}&format=json[&maxwidth][&maxheight] → oEmbed 1.0 "video". */
export const OEMBED_PATH = '/oembed/';
/** The widest player an oEmbed answer offers (16:9); maxwidth/maxheight only make it smaller. */
export const OEMBED_MAX_WIDTH = 640;

/**
 * The href of the video page's discovery link:
 * `<link rel="alternate" type="application/json+oembed" href={oembedDiscoveryHref(publicUrl, path)}>`.
 * `videoPath` is the page's path (`/video/{id}/{dir}/`).
 */
export function oembedDiscoveryHref(publicUrl: string, videoPath: string): string {
  const site = publicUrl.replace(/\/$/, '');
  return `${site}${OEMBED_PATH}?url=${encodeURIComponent(`${site}${videoPath}`)}&format=json`;
}

/**
 * GET /api/download.php?video_id={id}&format={480p} → the MP4 with
 * Content-Disposition: attachment; filename="{dir}-{format}.mp4". Login required: a guest gets 401
 * {error, code: 'login_required'}.
 */
export function downloadPath(videoId: number, format: string): string {
  return `/api/download.php?video_id=${videoId}&format=${encodeURIComponent(format)}`;
}

/** A download format is a rendition name such as 480p or 1080p; anything else is a 404. */
export const DOWNLOAD_FORMAT_PATTERN = /^\d{3,4}p$/;

/**
 * Where a related card came from (issue 32): the co-viewed videos lead the list (the related call's
 * `coviewed` says how many), the shared-link relation and the popular filler ('taxonomy', the list as it
 * was before co-viewing) fill the rest. The page counts each card shown and each click by its source as
 * analytics goals, so that the console compares the two click-through rates.
 */
export const RELATED_SOURCES = ['coview', 'taxonomy'] as const;
export type RelatedSource = (typeof RELATED_SOURCES)[number];
export const relatedGoal = (kind: 'impression' | 'click', source: RelatedSource) =>
  `related_${kind}_${source}`;

// The player's file list call without zod: its lifetime, which the video page (a first load) reads;
// importing videofile.ts would bring its schemas, and zod, there. videofile.ts re-exports it.

/**
 * §9: 8640000 s for the player's call. Media keys are immutable, so the list only changes when a
 * rendition is added (a new key); a stale list still points at files that exist.
 */
export const VIDEOFILE_LIFETIME = 8640000;

/** The query parameter of the UK gate's pass (server/modules/media/uk-media-gate.ts). */
export const VIDEOFILE_PASS_PARAM = 'pass';

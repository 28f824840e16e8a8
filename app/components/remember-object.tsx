// A category, tag, model, channel or playlist page puts itself in the browser's history (`tc_history`,
// shell.md §3) once it is shown, for the history page's "Recently viewed" strip. Renders nothing.
import { useEffect } from 'react';
import { type HistoryObjectType, rememberObject } from '../lib/watch-history.ts';

export function RememberObject({
  type,
  dir,
  title,
  totalVideos,
}: {
  type: HistoryObjectType;
  /** The dir (categories: their comma list), or the playlist's id. */
  dir: string;
  title: string;
  totalVideos?: number;
}) {
  useEffect(() => {
    rememberObject(type, { dir, title, total_videos: totalVideos });
  }, [type, dir, title, totalVideos]);
  return null;
}

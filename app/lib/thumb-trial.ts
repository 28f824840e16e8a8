// Thumbnail trials in the browser (issue 32 part 1; server/modules/thumbs). A listing card of a video in
// a trial carries its candidate stills (`stills`: [still, URL] each); cached pages stay the same for
// everyone, and after hydration each visitor is shown one of them, the same one on every visit (a
// stable hash of a random visitor id kept in localStorage and the video). The counting of impressions
// and clicks (thumb-trial-events.ts) is fetched once a grid shows a card in a trial. No zod here: every
// listing loads this.
import { useEffect, useRef, useState } from 'react';
import { pickIndex } from '../../contract/thumbs-values.ts';

type Still = [still: number, url: string];

const VISITOR_KEY = 'tube_tv';
let memoryVisitor: string | undefined;

/** This browser's random id for the trials (a new one per page when storage is refused). */
function visitorId(): string {
  try {
    const known = localStorage.getItem(VISITOR_KEY);
    if (known) return known;
    const made = Math.random().toString(36).slice(2, 12);
    localStorage.setItem(VISITOR_KEY, made);
    return made;
  } catch {
    memoryVisitor ??= Math.random().toString(36).slice(2, 12);
    return memoryVisitor;
  }
}

export { pickIndex };

/**
 * The grid's side: `ref` goes on the grid element, `pick(video)` is the still a card shows (none until
 * hydrated, and for cards without a trial). Cards in a trial carry `data-still="{video}.{still}"`.
 */
export function useThumbTrial(videos: readonly { video_id: number; stills?: Still[] }[]) {
  const ref = useRef<HTMLDivElement>(null);
  const [visitor, setVisitor] = useState<string | null>(null);
  const inTrial = videos.some((v) => v.stills);
  useEffect(() => {
    if (inTrial) setVisitor(visitorId());
  }, [inTrial]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new cards (`videos`) are observed afresh.
  useEffect(() => {
    const grid = ref.current;
    if (!visitor || !grid) return;
    let stop: (() => void) | undefined;
    let gone = false;
    import('./thumb-trial-events.ts')
      .then(({ watchTrialGrid }) => {
        if (!gone) stop = watchTrialGrid(grid);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      stop?.();
    };
  }, [visitor, videos]);
  return {
    ref,
    pick: (video: { video_id: number; stills?: Still[] }): Still | undefined =>
      visitor && video.stills
        ? video.stills[pickIndex(visitor, video.video_id, video.stills.length)]
        : undefined,
  };
}

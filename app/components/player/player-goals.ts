// The player's goal events (content.md §7: "Player goal events are counted as analytics"; issue 17):
// player_start at the first playback, player_play at each resume, player_pause (not the pause at the
// end), player_25/50/75 once each as playback passes the quarter, player_complete at the end. Kept per
// <video> element, so media-events.ts only reports what happened.
import {
  GOAL_PLAYER_COMPLETE,
  GOAL_PLAYER_PAUSE,
  GOAL_PLAYER_PLAY,
  GOAL_PLAYER_QUARTER,
  GOAL_PLAYER_START,
} from '../../../contract/analytics-limits.ts';
import { goal } from '../../lib/analytics.ts';

/** Per element: started, paused, quarters passed. */
const seen = new WeakMap<HTMLVideoElement, { started?: boolean; paused?: boolean; quarters: number }>();

export function playerGoal(video: HTMLVideoElement, moment: 'playing' | 'pause' | 'ended' | 'time'): void {
  const s = seen.get(video) ?? { quarters: 0 };
  seen.set(video, s);
  if (moment === 'playing') {
    if (!s.started || s.paused) goal(s.started ? GOAL_PLAYER_PLAY : GOAL_PLAYER_START);
    s.started = true;
    s.paused = false;
  } else if (moment === 'pause') {
    if (video.ended || s.paused) return;
    s.paused = true;
    goal(GOAL_PLAYER_PAUSE);
  } else if (moment === 'ended') {
    // A replay starts over: its quarters and end count again, and its first frame is a resume.
    s.quarters = 0;
    s.paused = true;
    goal(GOAL_PLAYER_COMPLETE);
  } else if (s.quarters < 3 && video.currentTime >= (video.duration * (s.quarters + 1)) / 4) {
    s.quarters += 1;
    goal(`${GOAL_PLAYER_QUARTER}${s.quarters * 25}`);
  }
}

// The player lives in app/components/player/; pages import it from here.
export {
  RELATED_MIN_WIDTH,
  type RelatedVideo,
  VideoPlayer,
  type VideoPlayerProps,
} from './player/player.tsx';

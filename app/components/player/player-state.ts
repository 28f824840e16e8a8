// What the player shows, as one pure reducer: the <video>'s events, the pre-roll, the end screens, the
// control bar's visibility and the ±10 s label all become actions. No DOM here (the hooks read the
// element and dispatch), so every transition is unit-tested directly.

/** Exposed as data-state on the player's root (e2e tests wait on it). */
export type PlayerState = 'idle' | 'playing' | 'paused' | 'complete';

/** What covers the picture at the end: the next-video countdown, or the related panel / replay. */
export type EndView = 'next' | 'related' | null;

export interface PlayerModel {
  state: PlayerState;
  /** The first play happened: the poster and its big play button are gone for good. */
  started: boolean;
  prerollActive: boolean;
  /** Stalled for data; the spinner shows while playing. */
  waiting: boolean;
  currentTime: number;
  duration: number;
  /** Seconds buffered up to. */
  buffered: number;
  muted: boolean;
  volume: number;
  fullscreen: boolean;
  /** Wider than RELATED_MIN_WIDTH: room for the related panel. */
  wide: boolean;
  endView: EndView;
  /** The pause ad is shown on pause until closed, and again on the next pause. */
  adHidden: boolean;
  /** Controls shown after a pointer movement or a key (player--active). */
  active: boolean;
  /** The ±10 s burst's label, e.g. -20; null when hidden. */
  stepShown: number | null;
  /** Bumped when the engine (qualities, current quality) changes: a render reads it again. */
  engineVersion: number;
}

export type PlayerAction =
  | { type: 'play' }
  | { type: 'playing' }
  | { type: 'pause'; ended: boolean }
  | { type: 'waiting' }
  /** `autoAdvance`: a next video to count down to (not in an embed). */
  | { type: 'ended'; autoAdvance: boolean }
  | { type: 'seeking'; ended: boolean }
  | { type: 'time'; current: number }
  | { type: 'duration'; duration: number }
  | { type: 'buffered'; end: number }
  | { type: 'volume'; muted: boolean; volume: number }
  | { type: 'fullscreen'; on: boolean }
  | { type: 'resize'; wide: boolean }
  | { type: 'preroll-start' }
  | { type: 'preroll-done' }
  | { type: 'replay' }
  | { type: 'cancel-next' }
  | { type: 'close-ad' }
  | { type: 'wake' }
  | { type: 'idle' }
  | { type: 'step'; offset: number }
  | { type: 'step-hidden' }
  | { type: 'engine-changed' };

export function initialPlayerModel(options: {
  startTime?: number;
  /** The page's duration, until the media knows better. */
  duration: number;
  /** ?autoplay=1 starts muted. */
  autoplay: boolean;
}): PlayerModel {
  return {
    state: 'idle',
    started: false,
    prerollActive: false,
    waiting: false,
    currentTime: options.startTime ?? 0,
    duration: options.duration,
    buffered: 0,
    muted: options.autoplay,
    volume: 1,
    fullscreen: false,
    wide: true,
    endView: null,
    adHidden: false,
    active: false,
    stepShown: null,
    engineVersion: 0,
  };
}

/**
 * The same object when nothing changes, so React skips the render (as each setState of the same
 * value did): waking already-shown controls must not restart their hide timer.
 */
function patch(model: PlayerModel, changes: Partial<PlayerModel>): PlayerModel {
  for (const key of Object.keys(changes) as (keyof PlayerModel)[]) {
    if (!Object.is(model[key], changes[key])) return { ...model, ...changes };
  }
  return model;
}

export function playerReducer(model: PlayerModel, action: PlayerAction): PlayerModel {
  switch (action.type) {
    case 'play':
      return patch(model, { started: true, state: 'playing', endView: null, adHidden: true });
    case 'playing':
      return patch(model, { waiting: false });
    case 'pause':
      // The pause that comes with the end is not a pause: 'complete' follows.
      return action.ended ? model : patch(model, { state: 'paused', adHidden: false });
    case 'waiting':
      return patch(model, { waiting: true });
    case 'ended':
      return patch(model, { state: 'complete', endView: action.autoAdvance ? 'next' : 'related' });
    case 'seeking':
      // Seeking back from the end screen leaves it, paused where the seek lands.
      if (!action.ended && model.state === 'complete') {
        return patch(model, { adHidden: true, state: 'paused', endView: null });
      }
      return patch(model, { adHidden: true });
    case 'time':
      return patch(model, { currentTime: action.current });
    case 'duration':
      // Live and not-yet-known durations (Infinity, NaN, 0) keep the page's.
      return Number.isFinite(action.duration) && action.duration > 0
        ? patch(model, { duration: action.duration })
        : model;
    case 'buffered':
      return patch(model, { buffered: action.end });
    case 'volume':
      return patch(model, { muted: action.muted, volume: action.volume });
    case 'fullscreen':
      return patch(model, { fullscreen: action.on });
    case 'resize':
      return patch(model, { wide: action.wide });
    case 'preroll-start':
      return patch(model, { prerollActive: true });
    case 'preroll-done':
      return patch(model, { prerollActive: false });
    case 'replay':
      return patch(model, { endView: null });
    case 'cancel-next':
      return patch(model, { endView: 'related' });
    case 'close-ad':
      return patch(model, { adHidden: true });
    case 'wake':
      return patch(model, { active: true });
    case 'idle':
      return patch(model, { active: false });
    case 'step':
      return patch(model, { stepShown: action.offset });
    case 'step-hidden':
      return patch(model, { stepShown: null });
    case 'engine-changed':
      return { ...model, engineVersion: model.engineVersion + 1 };
  }
}

/** What the overlays show, derived from the model and the page's props (no state of its own). */
export function overlaysOf(
  model: PlayerModel,
  page: { embed: boolean; hasRelated: boolean; hasNext: boolean; hasPauseAd: boolean },
) {
  const ended = model.state === 'complete';
  const pausedOverlay = model.state === 'paused' && !model.waiting;
  const showRelated = model.wide && page.hasRelated;
  return {
    ended,
    spinner: model.waiting && model.state === 'playing',
    /** An embed offers the related videos on pause, with a play button. */
    pausedRelated: page.embed && pausedOverlay && showRelated,
    pauseAd: pausedOverlay && page.hasPauseAd && !model.adHidden,
    nextCard: ended && model.endView === 'next' && page.hasNext,
    endRelated: ended && model.endView === 'related' && showRelated,
    replayButton: ended && model.endView === 'related' && !showRelated,
  };
}

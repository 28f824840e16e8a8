// The player's reducer and its keyboard map: every transition the <video>'s events and the controls
// cause, without a DOM.
import { describe, expect, it } from 'vitest';
import { keyCommand } from './player-keys.ts';
import {
  initialPlayerModel,
  overlaysOf,
  type PlayerAction,
  type PlayerModel,
  playerReducer,
} from './player-state.ts';

const initial = (over: Partial<PlayerModel> = {}): PlayerModel => ({
  ...initialPlayerModel({ duration: 600, autoplay: false }),
  ...over,
});
const run = (model: PlayerModel, ...actions: PlayerAction[]) => actions.reduce(playerReducer, model);
const page = { embed: false, hasRelated: true, hasNext: true, hasPauseAd: true };

describe('initialPlayerModel', () => {
  it('starts idle at ?start_time=, with the page duration, muted only for autoplay', () => {
    const model = initialPlayerModel({ startTime: 42, duration: 600, autoplay: true });
    expect(model).toMatchObject({
      state: 'idle',
      started: false,
      currentTime: 42,
      duration: 600,
      buffered: 0,
      muted: true,
      volume: 1,
      wide: true,
      endView: null,
      stepShown: null,
    });
    expect(initialPlayerModel({ duration: 5, autoplay: false })).toMatchObject({
      currentTime: 0,
      muted: false,
    });
  });
});

describe('playerReducer: the <video> events', () => {
  it('play starts the player, hides the pause ad and any end screen', () => {
    const model = run(initial({ endView: 'related', state: 'complete' }), { type: 'play' });
    expect(model).toMatchObject({ started: true, state: 'playing', endView: null, adHidden: true });
  });

  it('a pause shows the pause ad again; the pause that comes with the end changes nothing', () => {
    const playing = run(initial(), { type: 'play' });
    expect(run(playing, { type: 'pause', ended: false })).toMatchObject({ state: 'paused', adHidden: false });
    expect(playerReducer(playing, { type: 'pause', ended: true })).toBe(playing);
  });

  it('waiting shows the spinner while playing, playing hides it', () => {
    const stalled = run(initial(), { type: 'play' }, { type: 'waiting' });
    expect(overlaysOf(stalled, page).spinner).toBe(true);
    const resumed = run(stalled, { type: 'playing' });
    expect(resumed.waiting).toBe(false);
    expect(overlaysOf(resumed, page).spinner).toBe(false);
  });

  it('the end counts down to the next video, or shows the related panel without one (or in an embed)', () => {
    const playing = run(initial(), { type: 'play' });
    expect(run(playing, { type: 'ended', autoAdvance: true })).toMatchObject({
      state: 'complete',
      endView: 'next',
    });
    expect(run(playing, { type: 'ended', autoAdvance: false })).toMatchObject({
      state: 'complete',
      endView: 'related',
    });
  });

  it('seeking back from the end screen leaves it paused; seeking otherwise only hides the pause ad', () => {
    const ended = run(initial(), { type: 'play' }, { type: 'ended', autoAdvance: true });
    expect(run(ended, { type: 'seeking', ended: false })).toMatchObject({
      state: 'paused',
      endView: null,
      adHidden: true,
    });
    // Still at the end (the seek landed there): the end screen stays.
    expect(run(ended, { type: 'seeking', ended: true })).toMatchObject({
      state: 'complete',
      endView: 'next',
    });
    const paused = run(initial(), { type: 'play' }, { type: 'pause', ended: false });
    expect(run(paused, { type: 'seeking', ended: false })).toMatchObject({ state: 'paused', adHidden: true });
  });

  it('keeps the page duration until the media knows a finite, positive one', () => {
    const model = initial();
    expect(playerReducer(model, { type: 'duration', duration: Number.NaN })).toBe(model);
    expect(playerReducer(model, { type: 'duration', duration: Number.POSITIVE_INFINITY })).toBe(model);
    expect(playerReducer(model, { type: 'duration', duration: 0 })).toBe(model);
    expect(playerReducer(model, { type: 'duration', duration: 612.5 }).duration).toBe(612.5);
  });

  it('follows time, buffer, sound, fullscreen and width', () => {
    const model = run(
      initial(),
      { type: 'time', current: 12 },
      { type: 'buffered', end: 30 },
      { type: 'volume', muted: true, volume: 0.4 },
      { type: 'fullscreen', on: true },
      { type: 'resize', wide: false },
    );
    expect(model).toMatchObject({
      currentTime: 12,
      buffered: 30,
      muted: true,
      volume: 0.4,
      fullscreen: true,
      wide: false,
    });
  });
});

describe('playerReducer: the controls', () => {
  it('the pre-roll shows, then goes', () => {
    const shown = run(initial(), { type: 'preroll-start' });
    expect(shown.prerollActive).toBe(true);
    expect(run(shown, { type: 'preroll-done' }).prerollActive).toBe(false);
  });

  it('cancel on the next card shows the related panel; replay leaves the end screen', () => {
    const ended = run(initial(), { type: 'play' }, { type: 'ended', autoAdvance: true });
    const cancelled = run(ended, { type: 'cancel-next' });
    expect(cancelled.endView).toBe('related');
    expect(run(cancelled, { type: 'replay' }).endView).toBeNull();
  });

  it('closing the pause ad hides it until the next pause', () => {
    const paused = run(initial(), { type: 'play' }, { type: 'pause', ended: false });
    const closed = run(paused, { type: 'close-ad' });
    expect(overlaysOf(closed, page).pauseAd).toBe(false);
    const pausedAgain = run(closed, { type: 'play' }, { type: 'pause', ended: false });
    expect(overlaysOf(pausedAgain, page).pauseAd).toBe(true);
  });

  it('waking shown controls returns the same model, so their hide timer is not restarted', () => {
    const awake = run(initial(), { type: 'wake' });
    expect(awake.active).toBe(true);
    expect(playerReducer(awake, { type: 'wake' })).toBe(awake);
    expect(run(awake, { type: 'idle' }).active).toBe(false);
  });

  it('shows the burst label, the same offset twice is no change, and hides it', () => {
    const stepped = run(initial(), { type: 'step', offset: -20 });
    expect(stepped.stepShown).toBe(-20);
    expect(playerReducer(stepped, { type: 'step', offset: -20 })).toBe(stepped);
    expect(run(stepped, { type: 'step-hidden' }).stepShown).toBeNull();
  });

  it('an engine change always asks for a render', () => {
    const model = initial();
    const changed = playerReducer(model, { type: 'engine-changed' });
    expect(changed).not.toBe(model);
    expect(changed.engineVersion).toBe(model.engineVersion + 1);
  });
});

describe('overlaysOf', () => {
  const paused = run(initial(), { type: 'play' }, { type: 'pause', ended: false });

  it('an embed offers the related videos on pause where the player is wide enough', () => {
    expect(overlaysOf(paused, { ...page, embed: true }).pausedRelated).toBe(true);
    expect(overlaysOf(paused, page).pausedRelated).toBe(false);
    expect(
      overlaysOf(run(paused, { type: 'resize', wide: false }), { ...page, embed: true }).pausedRelated,
    ).toBe(false);
    // Not while stalled after the pause.
    expect(overlaysOf(run(paused, { type: 'waiting' }), { ...page, embed: true }).pausedRelated).toBe(false);
  });

  it('the pause ad needs a creative', () => {
    expect(overlaysOf(paused, page).pauseAd).toBe(true);
    expect(overlaysOf(paused, { ...page, hasPauseAd: false }).pauseAd).toBe(false);
  });

  it('at the end: the next card, then the related panel, or a replay button where it does not fit', () => {
    const ended = run(initial(), { type: 'play' }, { type: 'ended', autoAdvance: true });
    expect(overlaysOf(ended, page)).toMatchObject({ ended: true, nextCard: true, endRelated: false });
    const related = run(ended, { type: 'cancel-next' });
    expect(overlaysOf(related, page)).toMatchObject({
      nextCard: false,
      endRelated: true,
      replayButton: false,
    });
    expect(overlaysOf(run(related, { type: 'resize', wide: false }), page)).toMatchObject({
      endRelated: false,
      replayButton: true,
    });
    expect(overlaysOf(related, { ...page, hasRelated: false })).toMatchObject({ replayButton: true });
  });
});

describe('keyCommand', () => {
  const key = (k: string, mods: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => ({
    key: k,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    ...mods,
  });
  const onPlayer = { native: false, input: false, seekable: true };

  it('maps the player keys, case-insensitively', () => {
    expect(keyCommand(key(' '), onPlayer)).toBe('toggle');
    expect(keyCommand(key('K'), onPlayer)).toBe('toggle');
    expect(keyCommand(key('ArrowLeft'), onPlayer)).toBe('back');
    expect(keyCommand(key('ArrowRight'), onPlayer)).toBe('forward');
    expect(keyCommand(key('Home'), onPlayer)).toBe('start');
    expect(keyCommand(key('End'), onPlayer)).toBe('end');
    expect(keyCommand(key('f'), onPlayer)).toBe('fullscreen');
    expect(keyCommand(key('M'), onPlayer)).toBe('mute');
    expect(keyCommand(key('x'), onPlayer)).toBeNull();
  });

  it('leaves shortcuts with modifiers to the browser', () => {
    expect(keyCommand(key('f', { ctrlKey: true }), onPlayer)).toBeNull();
    expect(keyCommand(key('k', { metaKey: true }), onPlayer)).toBeNull();
    expect(keyCommand(key('ArrowLeft', { altKey: true }), onPlayer)).toBeNull();
  });

  it('space on a button is the button’s; k still toggles', () => {
    const onButton = { ...onPlayer, native: true };
    expect(keyCommand(key(' '), onButton)).toBeNull();
    expect(keyCommand(key('k'), onButton)).toBe('toggle');
  });

  it('the volume slider keeps its arrows, Home and End', () => {
    const onSlider = { native: true, input: true, seekable: true };
    expect(keyCommand(key('ArrowLeft'), onSlider)).toBeNull();
    expect(keyCommand(key('Home'), onSlider)).toBeNull();
    expect(keyCommand(key('m'), onSlider)).toBe('mute');
  });

  it('Home and End wait for the media', () => {
    expect(keyCommand(key('Home'), { ...onPlayer, seekable: false })).toBeNull();
    expect(keyCommand(key('End'), { ...onPlayer, seekable: false })).toBeNull();
  });
});

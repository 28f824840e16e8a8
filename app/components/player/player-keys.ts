// The player's keyboard (content.md §4): space or k plays and pauses, the arrows step ±10 s, Home and
// End seek to the ends, f toggles fullscreen, m the sound. Pure: the component passes what it knows of
// the event's target, so the mapping is unit-tested without a DOM.

export type KeyCommand = 'toggle' | 'back' | 'forward' | 'start' | 'end' | 'fullscreen' | 'mute';

export interface KeyContext {
  /** The focus is on a control that handles space itself (button, input, link, iframe, menu). */
  native: boolean;
  /** The focus is in an <input> (the volume slider keeps its own arrows, Home and End). */
  input: boolean;
  /** The media is ready to seek (element and engine exist). */
  seekable: boolean;
}

/** The command a key stands for, or null when the player leaves the key alone. */
export function keyCommand(
  event: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean },
  context: KeyContext,
): KeyCommand | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const key = event.key.toLowerCase();
  if ((key === ' ' && !context.native) || key === 'k') return 'toggle';
  if ((key === 'arrowleft' || key === 'arrowright') && !context.input) {
    return key === 'arrowleft' ? 'back' : 'forward';
  }
  if ((key === 'home' || key === 'end') && !context.input && context.seekable) {
    return key === 'home' ? 'start' : 'end';
  }
  if (key === 'f') return 'fullscreen';
  if (key === 'm') return 'mute';
  return null;
}

/** What keyCommand needs to know of the focused element. */
export function keyContextOf(target: HTMLElement, seekable: boolean): KeyContext {
  return {
    native: target.closest('button, input, a, iframe, [role="menu"]') !== null,
    input: target.tagName === 'INPUT',
    seekable,
  };
}

// What the console video page's panels share (app/routes/admin-video-edit.tsx): the message an act
// leaves, and the runner that makes the page busy while an act is under way.
export type Message =
  | { ok: true; key: 'saved' | 'poster_saved' | 'blocked' | 'unblocked' }
  | { ok: false; field: string; code: string };

/** Runs an act of the page: busy meanwhile, then `done` or the act's error as the message. */
export type RunAct = (work: () => Promise<unknown>, done: Message) => Promise<void>;

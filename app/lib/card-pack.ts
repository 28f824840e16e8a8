// A page of cards as a loader sends it to the browser (issue 29: hydration data with only what the
// client reads). As objects, 60 cards were ~16 KB of a page's inline hydration data: React Router's
// stream writes every value as its own quoted entry with a reference per key, and the whole is escaped
// once more inside a script. Packed, a card is one line of `|`-separated fields, a page one string:
//   video_id|dir|duration|rating|views|scr|post date|preview|flags|title
// - the post date in whole seconds since 1970, base 36 ('' when none);
// - the preview relative to the poster's folder when it lies there (`preview.mp4`), else its URL;
// - flags: `h` HD, `u` unrated (nobody voted: no percentage); then, for a video in a thumbnail trial
//   (lib/thumb-trial.ts), `~` and its candidate stills as `still:URL` joined by `,`, each URL relative to
//   the poster's folder when it lies there (`~0:poster.jpg,2:thumbs/2.jpg`);
// - the title last, so it may hold `|`; a line break in it is a space (as HTML shows it).
// The server renders from the unpacked cards too, so both sides draw the same.
import { useMemo } from 'react';
import type { CardView } from '../components/video-card.tsx';

const FIELD = '|';
const CARD = '\n';

const folderOf = (url: string) => url.slice(0, url.lastIndexOf('/') + 1);

type Stills = NonNullable<CardView['stills']>;
const packStills = (stills: Stills, folder: string) =>
  stills
    .map(([n, url]) => `${n}:${folder && url.startsWith(folder) ? url.slice(folder.length) : url}`)
    .join(',');
const unpackStills = (text: string, folder: string): Stills =>
  text.split(',').map((item) => {
    const at = item.indexOf(':');
    const url = item.slice(at + 1);
    return [Number(item.slice(0, at)), url.startsWith('/') || url.includes('://') ? url : folder + url];
  });

export function packCards(cards: readonly CardView[]): string {
  return cards
    .map((c) => {
      const folder = folderOf(c.scr);
      const preview =
        c.preview && folder && c.preview.startsWith(folder) && !c.preview.slice(folder.length).includes('/')
          ? c.preview.slice(folder.length)
          : (c.preview ?? '');
      const seconds = c.post_date ? Math.floor(Date.parse(c.post_date) / 1000) : Number.NaN;
      return [
        c.video_id,
        c.dir,
        c.duration,
        c.rating,
        c.video_viewed,
        c.scr,
        Number.isFinite(seconds) ? seconds.toString(36) : '',
        preview,
        `${c.hd ? 'h' : ''}${c.rated === false ? 'u' : ''}${c.stills ? `~${packStills(c.stills, folder)}` : ''}`,
        c.title.replace(/[\r\n]+/g, ' '),
      ].join(FIELD);
    })
    .join(CARD);
}

/**
 * The cards of the last few packed strings: a page's meta and its grid unpack the same string, and a
 * cached answer is the same string for every request while it lives (issue 30's profile: the unpacking
 * was a tenth of a listing's render). Callers only read the cards.
 */
const unpacked = new Map<string, readonly CardView[]>();
const UNPACKED_MAX = 16;

export function unpackCards(packed: string): readonly CardView[] {
  if (!packed) return [];
  const known = unpacked.get(packed);
  if (known) return known;
  const cards = unpackFresh(packed);
  if (unpacked.size >= UNPACKED_MAX) unpacked.delete(unpacked.keys().next().value as string);
  unpacked.set(packed, cards);
  return cards;
}

function unpackFresh(packed: string): CardView[] {
  return packed.split(CARD).map((line) => {
    const fields = line.split(FIELD);
    const [id, dir, duration, rating, views, scr, date, preview, flagField] = fields as string[] as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const card: CardView = {
      video_id: Number(id),
      dir,
      title: fields.slice(9).join(FIELD),
      duration,
      rating: Number(rating),
      video_viewed: Number(views),
      scr,
    };
    const [flags = '', stills] = flagField.split('~');
    if (stills) card.stills = unpackStills(stills, folderOf(scr));
    if (flags.includes('h')) card.hd = true;
    if (date) card.post_date = new Date(Number.parseInt(date, 36) * 1000).toISOString();
    if (flags.includes('u')) card.rated = false;
    if (preview)
      card.preview = preview.startsWith('/') || preview.includes('://') ? preview : folderOf(scr) + preview;
    return card;
  });
}

/** The cards of a packed page, unpacked once per page (the server's render and the browser's). */
export function useCards(packed: string): readonly CardView[] {
  return useMemo(() => unpackCards(packed), [packed]);
}

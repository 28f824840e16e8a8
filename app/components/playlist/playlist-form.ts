// The ActionPlaylist form without a DOM (content.md §5): its values, the checks run on blur and on
// submit (the browser's mirror of contract/acts.ts playlistActSchema, with the same codes), the act's
// fields, and how a code becomes the text under an input.
import {
  PLAYLIST_CATEGORIES,
  PLAYLIST_DESCRIPTION,
  PLAYLIST_TITLE,
  PLAYLIST_VISIBLE,
  plainTextLines,
} from '../../../contract/acts-values.ts';
import type { Gender } from '../../../contract/catalog.ts';
import type { FieldError } from '../../../contract/errors.ts';
import { plainText } from '../../../contract/plain-text.ts';

export type PlaylistFormMode = 'new' | 'edit';
export type Visible = (typeof PLAYLIST_VISIBLE)[keyof typeof PLAYLIST_VISIBLE];

export interface PlaylistFormValues {
  title: string;
  desc: string;
  visible: Visible;
  /** Sent on create only (the server keeps a playlist's orientation). */
  orientation: Gender;
  categories: number[];
}

/** The inputs, in the order of the form (the first invalid one takes the focus on submit). */
export const PLAYLIST_FIELDS = ['title', 'desc', 'visible', 'orientation', 'categories'] as const;
export type PlaylistField = (typeof PLAYLIST_FIELDS)[number];

/** A playlist as the edit form starts from it (services.acts.playlists.get gives these). */
export interface PlaylistFormSource {
  playlist_id: number;
  title: string;
  description: string;
  private: 0 | 1;
  orientation: Gender;
  categories: readonly { id: number; title?: string }[];
}

export function initialValues(source: PlaylistFormSource | null, orientation: Gender): PlaylistFormValues {
  if (!source) return { title: '', desc: '', visible: PLAYLIST_VISIBLE.public, orientation, categories: [] };
  return {
    title: source.title,
    desc: source.description,
    visible: source.private ? PLAYLIST_VISIBLE.private : PLAYLIST_VISIBLE.public,
    orientation: source.orientation,
    categories: source.categories.map((c) => c.id),
  };
}

function lengthCode(text: string, bounds: { min: number; max: number }): string | null {
  if (text.length === 0) return 'required';
  if (text.length < bounds.min) return 'min_length';
  if (text.length > bounds.max) return 'max_length';
  return null;
}

/**
 * The code of one field's problem, or null. Text is measured as the server stores it: markup dropped,
 * white space collapsed (title) or lines kept (description).
 */
export function fieldCode(field: PlaylistField, values: PlaylistFormValues): string | null {
  switch (field) {
    case 'title':
      return lengthCode(plainText(values.title), PLAYLIST_TITLE);
    case 'desc':
      return lengthCode(plainTextLines(values.desc), PLAYLIST_DESCRIPTION);
    case 'visible':
      return values.visible === PLAYLIST_VISIBLE.public || values.visible === PLAYLIST_VISIBLE.private
        ? null
        : 'invalid_visible';
    case 'orientation':
      return null; // a select of GENDERS: it cannot hold anything else
    case 'categories': {
      const count = new Set(values.categories).size;
      return count < PLAYLIST_CATEGORIES.min || count > PLAYLIST_CATEGORIES.max ? 'categories_count' : null;
    }
  }
}

/** Every problem of the form, one per field, in the form's order. */
export function validatePlaylistForm(values: PlaylistFormValues): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of PLAYLIST_FIELDS) {
    const code = fieldCode(field, values);
    if (code) errors.push({ field, code });
  }
  return errors;
}

/** The POST fields of act=playlist section=new or upd (postPlaylist adds act=playlist). */
export function playlistActFields(
  values: PlaylistFormValues,
  mode: PlaylistFormMode,
  playlistId?: number,
): Record<string, string> {
  const common = {
    title: values.title,
    desc: values.desc,
    visible: values.visible,
    categories: [...new Set(values.categories)].join(','),
  };
  if (mode === 'new') return { section: 'new', ...common, orientation: values.orientation };
  if (playlistId === undefined) throw new Error('an edit needs the playlist id');
  return { section: 'upd', object_id: String(playlistId), ...common };
}

/** The form's errors out of a refused answer: the ones that name an input of the form. */
export function formErrorsOf(codes: readonly FieldError[]): FieldError[] {
  const fields: readonly string[] = PLAYLIST_FIELDS;
  const seen = new Set<string>();
  return codes.filter((c) => fields.includes(c.field) && !seen.has(c.field) && seen.add(c.field));
}

/**
 * The translation key of a field's code and its parameters: the form's own messages
 * (playlists.error.{code}) first, then the site's (form.error.{code}), with the bounds of §5.
 */
export function errorMessageOf(error: FieldError): { keys: string[]; params: Record<string, unknown> } {
  const bounds =
    error.field === 'title' ? PLAYLIST_TITLE : error.field === 'desc' ? PLAYLIST_DESCRIPTION : null;
  const params: Record<string, unknown> = { code: error.code };
  if (bounds && error.code === 'min_length') params.length = bounds.min;
  if (bounds && error.code === 'max_length') params.length = bounds.max;
  if (error.code === 'categories_count') Object.assign(params, PLAYLIST_CATEGORIES);
  return {
    keys: [`playlists.error.${error.code}`, `form.error.${error.code}`, 'playlists.error.unknown'],
    params,
  };
}

/** Toggles a category: more than the maximum is not added (the list disables the rest anyway). */
export function toggleCategory(selected: readonly number[], id: number, on: boolean): number[] {
  if (!on) return selected.filter((c) => c !== id);
  if (selected.includes(id) || selected.length >= PLAYLIST_CATEGORIES.max) return [...selected];
  return [...selected, id];
}

/** Categories whose title holds the text typed into the filter (any case, any accents). */
export function filterCategories<T extends { title: string }>(categories: readonly T[], text: string): T[] {
  const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const needle = fold(text.trim());
  if (!needle) return [...categories];
  return categories.filter((c) => fold(c.title).includes(needle));
}

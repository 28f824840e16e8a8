// The ActionPlaylist modal (content.md §2 "Modals on content", §5): a new playlist or an edit of the
// member's own. Title, description, visibility, orientation (new only) and 1 to 3 of the orientation's
// categories; each field is checked on blur and on submit (playlist-form.ts, the browser's mirror of the
// server's schema), and the server's field errors are set on their inputs (§8).

import playlists from 'virtual:en/playlists';
import { type FocusEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PLAYLIST_CATEGORIES,
  PLAYLIST_DESCRIPTION,
  PLAYLIST_TITLE,
  PLAYLIST_VISIBLE,
} from '../../../contract/acts-values.ts';
import { GENDERS, type Gender } from '../../../contract/catalog.ts';
import type { FieldError } from '../../../contract/errors.ts';
import { postPlaylist } from '../../lib/acts-api.ts';
import { ApiError, requestJson } from '../../lib/api-client.ts';
import { addEnglish } from '../../lib/i18n.ts';
import { useRootData } from '../../lib/route-data.ts';
import { actErrorText, useMemberAct } from '../member-act.ts';
import { Modal } from '../modal.tsx';
import {
  errorMessageOf,
  fieldCode,
  filterCategories,
  formErrorsOf,
  initialValues,
  type PlaylistField,
  type PlaylistFormMode,
  type PlaylistFormSource,
  type PlaylistFormValues,
  playlistActFields,
  toggleCategory,
  validatePlaylistForm,
} from './playlist-form.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ playlists });

interface CategoryChoice {
  id: number;
  title: string;
}

/** The categories of one orientation, A to Z (the public read call, cached a day). */
const CATEGORIES_LIFETIME = 86400;
const categoryCache = new Map<Gender, Promise<CategoryChoice[]>>();

function loadCategories(gender: Gender): Promise<CategoryChoice[]> {
  let found = categoryCache.get(gender);
  if (!found) {
    found = requestJson<{ categories: CategoryChoice[] }>(
      `/api/json/categories/${CATEGORIES_LIFETIME}/${gender}/alphabetaz.json`,
      { headers: { accept: 'application/json' } },
      (body) => Array.isArray(body.categories),
    ).then((body) => body.categories.map((c) => ({ id: c.id, title: c.title })));
    // A failure is not kept: the next opening asks again.
    found.catch(() => categoryCache.delete(gender));
    categoryCache.set(gender, found);
  }
  return found;
}

type Categories = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: CategoryChoice[] };

function useCategories(gender: Gender): [Categories, () => void] {
  const [state, setState] = useState<Categories>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadCategories(gender).then(
      (list) => live && setState({ status: 'ready', list }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [gender, attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}

type Errors = Partial<Record<PlaylistField, FieldError>>;

export function PlaylistFormModal({
  mode,
  playlist = null,
  onClose,
  onSaved,
}: {
  mode: PlaylistFormMode;
  /** The playlist being edited (mode 'edit'). */
  playlist?: PlaylistFormSource | null;
  onClose: () => void;
  /** After the notification: the new or edited playlist's id. */
  onSaved: (playlistId: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const siteGender = useRootData()?.gender ?? 'str';
  const { user, askLogin, notify } = useMemberAct();
  const [values, setValues] = useState<PlaylistFormValues>(() => initialValues(playlist, siteGender));
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [filter, setFilter] = useState('');
  const [categories, retryCategories] = useCategories(values.orientation);
  const form = useRef<HTMLFormElement>(null);
  const shown = useRef(new Set<PlaylistField>());

  const message = (error: FieldError) => {
    const { keys, params } = errorMessageOf(error);
    const tx = t as unknown as (key: string[], params: Record<string, unknown>) => string;
    return tx(keys, params);
  };

  const check = (field: PlaylistField, next: PlaylistFormValues) => {
    const code = fieldCode(field, next);
    setErrors((all) => ({ ...all, [field]: code ? { field, code } : undefined }));
  };

  /** A change re-checks a field once its error has been shown (blur or submit), so it clears as typed. */
  const edit = <K extends keyof PlaylistFormValues>(field: K, value: PlaylistFormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (shown.current.has(field)) check(field, next);
  };

  const blur = (field: PlaylistField) => {
    shown.current.add(field);
    check(field, values);
  };

  const focusFirst = (list: FieldError[]) => {
    const first = list[0];
    if (!first) return;
    form.current?.querySelector<HTMLElement>(`[name="${first.field}"]:not([disabled])`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!user) {
      askLogin();
      return;
    }
    const problems = validatePlaylistForm(values);
    for (const field of ['title', 'desc', 'visible', 'categories'] as const) shown.current.add(field);
    setErrors(Object.fromEntries(problems.map((e) => [e.field, e])));
    if (problems.length) {
      focusFirst(problems);
      return;
    }
    setSending(true);
    try {
      const answer = await postPlaylist(playlistActFields(values, mode, playlist?.playlist_id));
      notify('success', t(mode === 'new' ? 'notify.new_playlist_success' : 'notify.edit_playlist_success'));
      onSaved(answer.playlist_id);
    } catch (error) {
      const fields = error instanceof ApiError ? formErrorsOf(error.codes) : [];
      if (fields.length) {
        setErrors(Object.fromEntries(fields.map((e) => [e.field, e])));
        focusFirst(fields);
      } else if (error instanceof ApiError && error.status === 401) askLogin();
      else notify('error', actErrorText(t, error));
    } finally {
      setSending(false);
    }
  };

  const describedBy = (field: PlaylistField, extra?: string) =>
    [errors[field] ? `${id}-${field}-error` : null, extra].filter(Boolean).join(' ') || undefined;
  const inputClass = (field: PlaylistField) => (errors[field] ? 'input has-error' : 'input');
  const errorText = (field: PlaylistField) => {
    const error = errors[field];
    return error ? (
      <p id={`${id}-${field}-error`} className="form-field__error" role="alert">
        {message(error)}
      </p>
    ) : null;
  };

  const leaveCategories = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) blur('categories');
  };

  // The chosen ones by their titles: the list's, else the edited playlist's own (a category the list
  // does not hold any more still shows, and can be taken off).
  const titles = new Map<number, string>(
    (playlist?.categories ?? []).map((c) => [c.id, c.title ?? `#${c.id}`] as const),
  );
  if (categories.status === 'ready') for (const c of categories.list) titles.set(c.id, c.title);
  const chosen = values.categories
    .filter((c) => titles.has(c))
    .map((c) => ({ id: c, title: titles.get(c) as string }));
  const full = values.categories.length >= PLAYLIST_CATEGORIES.max;
  const visibleChoices = categories.status === 'ready' ? filterCategories(categories.list, filter) : [];

  return (
    <Modal
      title={t(mode === 'new' ? 'playlists.form.title_new' : 'playlists.form.title_edit')}
      onClose={onClose}
      // Typed text is not lost to a stray click beside the dialog; Escape and Cancel still close it.
      clickOutside={0}
      className="playlist-form-modal"
    >
      <form ref={form} className="playlist-form" noValidate onSubmit={submit} data-mode={mode}>
        <div className="form-field">
          <label htmlFor={`${id}-title`}>{t('playlists.form.field_title')}</label>
          <input
            id={`${id}-title`}
            name="title"
            className={inputClass('title')}
            value={values.title}
            maxLength={PLAYLIST_TITLE.max}
            autoComplete="off"
            aria-invalid={Boolean(errors.title)}
            aria-describedby={describedBy('title')}
            onChange={(e) => edit('title', e.target.value)}
            onBlur={() => blur('title')}
          />
          {errorText('title')}
        </div>

        <div className="form-field">
          <label htmlFor={`${id}-desc`}>{t('playlists.form.field_desc')}</label>
          <textarea
            id={`${id}-desc`}
            name="desc"
            rows={4}
            className={inputClass('desc')}
            value={values.desc}
            maxLength={PLAYLIST_DESCRIPTION.max}
            aria-invalid={Boolean(errors.desc)}
            aria-describedby={describedBy('desc', `${id}-desc-count`)}
            onChange={(e) => edit('desc', e.target.value)}
            onBlur={() => blur('desc')}
          />
          <p id={`${id}-desc-count`} className="form-field__hint playlist-form__count">
            {t('playlists.form.desc_count', { count: values.desc.length, max: PLAYLIST_DESCRIPTION.max })}
          </p>
          {errorText('desc')}
        </div>

        <div className="playlist-form__row">
          <fieldset className="playlist-form__group" aria-describedby={describedBy('visible')}>
            <legend>{t('playlists.form.field_visible')}</legend>
            <div className="playlist-form__segments">
              {([PLAYLIST_VISIBLE.public, PLAYLIST_VISIBLE.private] as const).map((value) => (
                <label key={value} className="playlist-form__segment">
                  <input
                    type="radio"
                    name="visible"
                    value={value}
                    checked={values.visible === value}
                    onChange={() => edit('visible', value)}
                  />
                  <span>{t(`playlists.form.visible_${value}`)}</span>
                </label>
              ))}
            </div>
            {errorText('visible')}
          </fieldset>

          {mode === 'new' ? (
            <div className="form-field">
              <label htmlFor={`${id}-orientation`}>{t('playlists.form.field_orientation')}</label>
              <select
                id={`${id}-orientation`}
                name="orientation"
                className={inputClass('orientation')}
                value={values.orientation}
                onChange={(e) => {
                  // Categories belong to one orientation: a change starts the choice over.
                  setValues({ ...values, orientation: e.target.value as Gender, categories: [] });
                  setFilter('');
                }}
              >
                {GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {t(`orientation.${g}`)}
                  </option>
                ))}
              </select>
              {errorText('orientation')}
            </div>
          ) : null}
        </div>

        <fieldset
          className={errors.categories ? 'playlist-form__group has-error' : 'playlist-form__group'}
          aria-invalid={Boolean(errors.categories)}
          aria-describedby={describedBy('categories', `${id}-categories-hint`)}
          onBlur={leaveCategories}
        >
          <legend>{t('playlists.form.field_categories')}</legend>
          <p id={`${id}-categories-hint`} className="form-field__hint">
            {t('playlists.form.categories_hint', {
              min: PLAYLIST_CATEGORIES.min,
              max: PLAYLIST_CATEGORIES.max,
              count: values.categories.length,
            })}
          </p>
          {chosen.length ? (
            <ul className="playlist-form__chosen" aria-label={t('playlists.form.categories_chosen')}>
              {chosen.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="chip is-active"
                    aria-label={t('playlists.form.category_remove', { title: c.title })}
                    onClick={() => edit('categories', toggleCategory(values.categories, c.id, false))}
                  >
                    {c.title}
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {categories.status === 'loading' ? (
            <p className="muted playlist-form__status">{t('playlists.form.categories_loading')}</p>
          ) : null}
          {categories.status === 'error' ? (
            <p className="playlist-form__status" role="alert">
              {t('playlists.form.categories_error')}{' '}
              <button type="button" className="button" onClick={retryCategories}>
                {t('playlists.retry')}
              </button>
            </p>
          ) : null}
          {categories.status === 'ready' ? (
            <>
              <input
                type="search"
                className="input playlist-form__filter"
                value={filter}
                placeholder={t('playlists.form.categories_filter')}
                aria-label={t('playlists.form.categories_filter')}
                onChange={(e) => setFilter(e.target.value)}
              />
              <div className="playlist-form__choices">
                {visibleChoices.length === 0 ? (
                  <p className="muted">{t('playlists.form.categories_none')}</p>
                ) : (
                  visibleChoices.map((c) => {
                    const on = values.categories.includes(c.id);
                    return (
                      <label key={c.id} className={on ? 'playlist-choice is-on' : 'playlist-choice'}>
                        <input
                          type="checkbox"
                          name="categories"
                          value={c.id}
                          checked={on}
                          disabled={!on && full}
                          onChange={(e) =>
                            edit('categories', toggleCategory(values.categories, c.id, e.target.checked))
                          }
                        />
                        <span className="playlist-choice__label">{c.title}</span>
                      </label>
                    );
                  })
                )}
              </div>
            </>
          ) : null}
          {errorText('categories')}
        </fieldset>

        <div className="playlist-form__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('playlists.cancel')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={sending}
            aria-busy={sending}
            data-action="playlist-save"
          >
            {sending
              ? t('playlists.form.sending')
              : t(mode === 'new' ? 'playlists.form.submit_new' : 'playlists.form.submit_edit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

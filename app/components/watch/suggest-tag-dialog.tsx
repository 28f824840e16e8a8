// The Suggest Tag modal (see suggest-tag-modal.tsx, which loads this file when the modal opens).
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagChoice } from '../../../contract/acts.ts';
import { TAG_INPUT_DEBOUNCE_MS, TAG_MAX_LENGTH } from '../../../contract/acts-values.ts';
import { getTagChoices, suggestTag } from '../../lib/acts-api.ts';
import { ApiError } from '../../lib/api-client.ts';
import { actErrorText } from '../member-act.ts';
import { Modal } from '../modal.tsx';
import { type TagInputError, tagInputError } from './suggest-tag.ts';

type Choices = { state: 'loading' } | { state: 'ready'; tags: TagChoice[] } | { state: 'error' };

export function SuggestTagModal({ videoId, onClose }: { videoId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState('');
  const [choices, setChoices] = useState<Choices>({ state: 'loading' });
  const [error, setError] = useState<TagInputError | { code: 'server'; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [thanks, setThanks] = useState<null | { accepted: boolean }>(null);

  // The lookup waits for a 400 ms pause in typing; a newer lookup cancels the one before.
  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(
      () => {
        setChoices({ state: 'loading' });
        getTagChoices(text, { signal: controller.signal })
          .then((answer) => setChoices({ state: 'ready', tags: answer.tags }))
          .catch(() => {
            if (!controller.signal.aborted) setChoices({ state: 'error' });
          });
      },
      text ? TAG_INPUT_DEBOUNCE_MS : 0,
    );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = tagInputError(text);
    setError(problem);
    if (problem || sending) return;
    setSending(true);
    try {
      const answer = await suggestTag(videoId, text);
      setThanks({ accepted: answer.accepted });
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.codes.find((c) => c.field === 'tag') : undefined;
      setError({
        code: 'server',
        text: field
          ? t([`form.error.${field.code}`, 'notify.unknown'] as never, {
              code: field.code,
              length: TAG_MAX_LENGTH,
            })
          : actErrorText(t, failure),
      });
    } finally {
      setSending(false);
    }
  };

  const errorText =
    error === null
      ? null
      : error.code === 'server'
        ? error.text
        : error.code === 'invalid_tag'
          ? t('social.tag_invalid')
          : t(`form.error.${error.code}`, 'length' in error ? { length: error.length } : {});

  return (
    <Modal title={t('social.suggest_tag_title')} onClose={onClose} className="suggest-tag">
      {thanks ? (
        <div className="suggest-tag__thanks" role="status">
          <p className="suggest-tag__thanks-title">{t('social.tag_thanks')}</p>
          <p className="muted">{t(thanks.accepted ? 'social.tag_added' : 'social.tag_note')}</p>
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('watch.close')}
          </button>
        </div>
      ) : (
        <form className="suggest-tag__form" onSubmit={submit} noValidate>
          <label htmlFor={inputId} className="form-field__label">
            {t('social.tag_label')}
          </label>
          <input
            id={inputId}
            name="tag"
            className="input"
            autoComplete="off"
            maxLength={TAG_MAX_LENGTH}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
          />
          <p id={`${inputId}-error`} className="form-field__error" aria-live="polite">
            {errorText}
          </p>
          <div className="suggest-tag__choices" aria-live="polite" aria-busy={choices.state === 'loading'}>
            {choices.state === 'ready' && choices.tags.length === 0 ? (
              <p className="muted">{t('social.no_tags')}</p>
            ) : null}
            {choices.state === 'error' ? <p className="muted">{t('social.tags_error')}</p> : null}
            {choices.state === 'ready'
              ? choices.tags.map((tag) => (
                  <button
                    key={tag.tag_id}
                    type="button"
                    className="chip"
                    data-tag-choice={tag.dir}
                    onClick={() => setText(tag.title)}
                  >
                    {tag.title}
                  </button>
                ))
              : null}
          </div>
          <p className="muted suggest-tag__note">{t('social.tag_note')}</p>
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? t('watch.sending') : t('social.tag_send')}
          </button>
        </form>
      )}
    </Modal>
  );
}

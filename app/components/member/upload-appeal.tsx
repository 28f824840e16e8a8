// The uploader's appeal under a rejected or taken-down upload on their uploads page (issue 31;
// member-uploads.tsx): what holds the video (a rejection, a DMCA takedown, a performer's removal), a
// text field to appeal it once, and the staff's answer once given. Read in the browser from GET
// /api/appeals.php?video_id=N (the asker's own video only), sent with POST /api/appeals.php.
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appeal, VideoAppeals } from '../../../contract/appeals.ts';
import { APPEAL_TEXT_MAX, APPEALS_PATH, MY_APPEALS_PATH } from '../../../contract/appeals-values.ts';
import { ApiError, send } from '../../lib/api-client.ts';

// The cards of one uploads page mount together: they share one read of the member's appeals.
let mine: { at: number; appeals: Promise<Appeal[]> } | null = null;
function myAppeals(): Promise<Appeal[]> {
  if (!mine || Date.now() - mine.at > 2_000) {
    mine = {
      at: Date.now(),
      appeals: send(MY_APPEALS_PATH, { headers: { accept: 'application/json' } })
        .then((answer) => (answer as unknown as { appeals: Appeal[] } | null)?.appeals ?? [])
        .catch(() => []),
    };
  }
  return mine.appeals;
}

/**
 * `held`: the upload is rejected or down (status 4 or 5), so a decision may be open to an appeal and its
 * own state is read; any other upload shows the answers of its earlier appeals only (an overturn puts
 * the video back, and the answer stays readable under it).
 */
export function UploadAppeal({ videoId, held }: { videoId: number; held: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState<VideoAppeals | null>(null);
  const [writing, setWriting] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!held) {
      const appeals = (await myAppeals()).filter((a) => a.video_id === videoId);
      setState({ video_id: videoId, appealable: null, appeals });
      return;
    }
    const answer = await send(`${APPEALS_PATH}?video_id=${videoId}`, {
      headers: { accept: 'application/json' },
    }).catch(() => null);
    setState(answer as unknown as VideoAppeals | null);
  }, [videoId, held]);
  useEffect(() => {
    void load();
  }, [load]);

  if (!state || (state.appeals.length === 0 && !state.appealable?.open)) return null;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const message = String(new FormData(event.currentTarget).get('message') ?? '').trim();
    if (!message) {
      setError('required');
      return;
    }
    setSending(true);
    try {
      await send(APPEALS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ video_id: String(videoId), message }),
      });
      setWriting(false);
      setError(null);
      await load();
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.codes[0]?.code ?? failure.code) : 'network_error');
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="upload-appeal" data-appeal-video={videoId}>
      {state.appeals.map((appeal) => (
        <div key={appeal.appeal_id} className="upload-appeal__item" data-appeal-state={appeal.state}>
          <p className="upload-appeal__state">{t(`moderation.appeal.state.${appeal.state}`)}</p>
          {appeal.answer ? (
            <p className="upload-appeal__answer">
              {t('moderation.appeal.answer')} <q>{appeal.answer}</q>
            </p>
          ) : null}
        </div>
      ))}
      {state.appealable?.open ? (
        writing ? (
          <form className="upload-appeal__form" onSubmit={submit} noValidate>
            <label className="form-field">
              <span>{t(`moderation.appeal.why.${state.appealable.kind}`)}</span>
              <textarea
                name="message"
                rows={3}
                maxLength={APPEAL_TEXT_MAX}
                className={error ? 'input has-error' : 'input'}
                aria-invalid={Boolean(error)}
              />
            </label>
            {error ? (
              <p className="form-field__error" role="alert">
                {t(`moderation.appeal.error.${error}`, {
                  defaultValue: t('moderation.appeal.error.failed'),
                })}
              </p>
            ) : null}
            <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
              {t('moderation.appeal.send')}
            </button>
          </form>
        ) : (
          <button type="button" className="button" onClick={() => setWriting(true)}>
            {t(`moderation.appeal.open.${state.appealable.kind}`)}
          </button>
        )
      ) : null}
    </div>
  );
}

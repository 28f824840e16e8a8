// A video's comments (content.md §4–§9): newest first, 10 at a time, with the count. Guests read them
// and get a login/register message instead of the box; members write (at least 5 characters, checked
// before sending; the server's refusals through form.error.{code} with its info), and the author and
// staff delete. Any comment can be reported through the contact form. Comment text is plain text,
// rendered as text with its line breaks.
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Comment } from '../../../contract/acts.ts';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_MIN_LENGTH,
  COMMENTS_PAGE_SIZE,
  plainTextLines,
} from '../../../contract/acts-values.ts';
import { isModerator } from '../../../contract/roles.ts';
import { deleteComment, getComments, postComment } from '../../lib/acts-api.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useRootData } from '../../lib/route-data.ts';
import { actErrorCode, actErrorText, useMemberAct } from '../member-act.ts';
import { RelativeTime } from '../relative-time.tsx';
import { ContactModal } from './contact-modal-lazy.tsx';

/** What the box says about a text before it is sent: the spec's form.error codes. */
export function commentInputError(raw: string): { code: string; length?: number } | null {
  const text = plainTextLines(raw);
  if (!text) return { code: 'required' };
  if (text.length < COMMENT_MIN_LENGTH) return { code: 'min_length', length: COMMENT_MIN_LENGTH };
  if (text.length > COMMENT_MAX_LENGTH) return { code: 'max_length', length: COMMENT_MAX_LENGTH };
  return null;
}

type Load = { state: 'loading' } | { state: 'error'; code: string } | { state: 'ready' };

export function CommentsSection({
  videoId,
  initial,
  onTotal,
}: {
  videoId: number;
  /** The first page and the count, from one answer (the page's loader): nothing to fetch at first. */
  initial: { comments: Comment[]; total_count: number };
  /** The count as it changes (a page loaded, the member's own comment added or deleted). */
  onTotal?: (total: number) => void;
}) {
  const { t } = useTranslation();
  const root = useRootData();
  const user = root?.user ?? null;
  const { notify } = useMemberAct();
  const [comments, setComments] = useState<Comment[]>(initial.comments);
  const [total, setTotal] = useState(initial.total_count);
  useEffect(() => {
    onTotal?.(total);
  }, [total, onTotal]);
  const [shown, setShown] = useState(COMMENTS_PAGE_SIZE);
  const [loaded, setLoaded] = useState(1);
  const [load, setLoad] = useState<Load>({ state: 'ready' });
  const [reporting, setReporting] = useState<Comment | null>(null);

  // Pages of 10 from the read call; `loaded` counts the pages in hand.
  const fetchPage = useCallback(
    async (page: number) => {
      setLoad({ state: 'loading' });
      try {
        const answer = await getComments(videoId, page, Boolean(user));
        setComments((all) => {
          const known = new Set(all.map((c) => c.comment_id));
          return [...all, ...answer.comments.filter((c) => !known.has(c.comment_id))];
        });
        setTotal(answer.total_count);
        setLoaded(page);
        setLoad({ state: 'ready' });
      } catch (error) {
        setLoad({ state: 'error', code: error instanceof ApiError ? error.code : 'network' });
      }
    },
    [videoId, user],
  );

  const more = () => {
    const next = shown + COMMENTS_PAGE_SIZE;
    setShown(next);
    if (comments.length < next && comments.length < total) void fetchPage(loaded + 1);
  };

  const added = (comment: Comment) => {
    setComments((all) => [comment, ...all]);
    setTotal((n) => n + 1);
    setShown((n) => n + 1);
  };

  const remove = async (comment: Comment) => {
    if (!window.confirm(t('comments.delete_confirm'))) return;
    try {
      await deleteComment(comment.comment_id);
      setComments((all) => all.filter((c) => c.comment_id !== comment.comment_id));
      setTotal((n) => Math.max(0, n - 1));
      notify('success', t('comments.deleted'));
    } catch (error) {
      notify('error', actErrorText(t, error));
    }
  };

  const visible = comments.slice(0, shown);
  return (
    <section id="comments" className="section watch-comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="section__title">
        {t('watch.comments_title', { count: total })}
      </h2>
      {user ? (
        <CommentForm videoId={videoId} onAdded={added} />
      ) : (
        <p className="muted comments__guest">
          {t('watch.comments_guest_before')} <Link to="/signin/">{t('watch.comments_login')}</Link>{' '}
          {t('watch.comments_guest_or')} <Link to="/signup/">{t('watch.comments_register')}</Link>{' '}
          {t('watch.comments_guest_after')}
        </p>
      )}
      {load.state === 'ready' && comments.length === 0 ? (
        <p className="muted comments__empty">{t('comments.empty')}</p>
      ) : null}
      <ol className="comments">
        {visible.map((comment) => (
          <li key={comment.comment_id} className="comment" data-comment-id={comment.comment_id}>
            <span className="comment__avatar" aria-hidden="true">
              {comment.username.slice(0, 1).toUpperCase()}
            </span>
            <div className="comment__body">
              <p className="comment__meta">
                <Link to={`/members/${comment.user_id}/`} className="comment__author">
                  {comment.username}
                </Link>{' '}
                <span className="muted">
                  <RelativeTime date={comment.added_date} />
                </span>
              </p>
              <p className="comment__text">{comment.comment}</p>
              <p className="comment__actions">
                <button
                  type="button"
                  className="link-button"
                  data-action="comment-report"
                  onClick={() => setReporting(comment)}
                >
                  {t('comments.report')}
                </button>
                {user && (user.user_id === comment.user_id || isModerator(user)) ? (
                  <button
                    type="button"
                    className="link-button"
                    data-action="comment-delete"
                    onClick={() => remove(comment)}
                  >
                    {t('comments.delete')}
                  </button>
                ) : null}
              </p>
            </div>
          </li>
        ))}
      </ol>
      {load.state === 'loading' ? <p className="muted">{t('watch.loading')}</p> : null}
      {load.state === 'error' ? (
        <p role="alert" className="comments__error">
          {t('comments.load_error', { code: load.code })}{' '}
          <button type="button" className="link-button" onClick={() => fetchPage(loaded + 1)}>
            {t('comments.retry')}
          </button>
        </p>
      ) : null}
      {load.state === 'ready' && comments.length > 0 && shown < total ? (
        <p className="comments__more">
          <button type="button" className="button" data-action="comments-more" onClick={more}>
            {t('comments.more')}
          </button>
        </p>
      ) : null}
      {reporting ? (
        <ContactModal
          subject="inappropriate"
          message={t('comments.report_message', {
            id: reporting.comment_id,
            username: reporting.username,
            url: typeof window === 'undefined' ? '' : window.location.href.split('#')[0],
          })}
          onClose={() => setReporting(null)}
          onSent={() => {
            setReporting(null);
            notify('success', t('watch.contact_success'));
          }}
        />
      ) : null}
    </section>
  );
}

function CommentForm({ videoId, onAdded }: { videoId: number; onAdded: (comment: Comment) => void }) {
  const { t } = useTranslation();
  const { askLogin, notify } = useMemberAct();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const errorText = (code: string, info: Record<string, unknown> = {}) =>
    (t as unknown as (keys: string[], options: Record<string, unknown>) => string)(
      [`form.error.${code}`, `comments.error.${code}`, 'notify.unknown'],
      { ...info, code },
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    // An empty or short text is never sent (content.md §5).
    const problem = commentInputError(text);
    if (problem) {
      setError(errorText(problem.code, { length: problem.length }));
      return;
    }
    setSending(true);
    setError(null);
    try {
      const answer = await postComment(videoId, text);
      onAdded(answer.comment);
      setText('');
      notify('success', t('notify.comment_success'));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) askLogin();
      else if (failure instanceof ApiError && failure.status > 0) {
        // Server errors under the box, through form.error.{code} with the answer's info (§8).
        const code = failure.codes.find((c) => c.field === 'msg')?.code ?? actErrorCode(failure);
        setError(
          errorText(code, {
            length: code === 'min_length' ? COMMENT_MIN_LENGTH : COMMENT_MAX_LENGTH,
            ...failure.info,
          }),
        );
      } else setError(actErrorText(t, failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="comments__form" data-comments-form="" onSubmit={submit} noValidate>
      <label htmlFor={id} className="sr-only">
        {t('comments.label')}
      </label>
      <textarea
        id={id}
        name="msg"
        className={error ? 'input has-error' : 'input'}
        rows={3}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={t('comments.placeholder')}
        value={text}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-error`}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
      />
      <p id={`${id}-error`} className="form-field__error" aria-live="polite">
        {error}
      </p>
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? t('watch.sending') : t('comments.send')}
      </button>
    </form>
  );
}

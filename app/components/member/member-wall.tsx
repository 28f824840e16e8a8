// A member's wall (issue 14): the post box for those who may write (the member and their friends;
// others are told why not: a guest is asked to log in), then the posts, newest first, with the author's
// link, a relative date and Delete for the author, the wall's owner and staff. Posts are plain text,
// rendered as text. Acts: act=wall section=add|del posted to /api/input.php (contract/community.ts).
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import type { WallPost, WallPosted, WallViewer } from '../../../contract/community.ts';
import { WALL_POST_LENGTH } from '../../../contract/community-values.ts';
import { memberPath } from '../../../contract/members-values.ts';
import { postAct } from '../../lib/acts-api.ts';
import { ApiError } from '../../lib/api-client.ts';
import { relativeDate } from '../../lib/format.ts';
import { useRootData } from '../../lib/route-data.ts';
import { actErrorCode, actErrorText, useMemberAct } from '../member-act.ts';
import { Pagination } from '../pagination.tsx';

export function MemberWall({
  wallId,
  ownerName,
  posts,
  rights,
  page,
  pages,
  href,
}: {
  wallId: number;
  ownerName: string;
  posts: readonly WallPost[];
  rights: NonNullable<WallViewer>;
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  const { t } = useTranslation();
  const { user, askLogin, run } = useMemberAct();
  const revalidator = useRevalidator();
  const now = useRootData()?.now ?? Date.now();
  const [deleting, setDeleting] = useState<number | null>(null);

  const remove = async (postId: number) => {
    setDeleting(postId);
    const done = await run(() => postAct({ act: 'wall', section: 'del', object_id: String(postId) }), {
      success: 'wall_delete_success',
    });
    setDeleting(null);
    if (done) void revalidator.revalidate();
  };

  return (
    <>
      {rights.can_post ? (
        <WallForm wallId={wallId} onPosted={() => void revalidator.revalidate()} />
      ) : (
        <div className="wall-closed" data-wall-refusal={rights.refusal ?? ''}>
          {rights.refusal === 'login_required' ? (
            <p>
              {t('wall.login_to_post')}{' '}
              <button type="button" className="button button--primary" onClick={askLogin}>
                {t('wall.login')}
              </button>
            </p>
          ) : (
            <p>{t('wall.friends_only', { name: ownerName })}</p>
          )}
        </div>
      )}
      {posts.length === 0 ? <p className="empty">{t('listing.empty')}</p> : null}
      <ol className="comments wall-posts">
        {posts.map((post) => {
          const { key, count } = relativeDate(post.added_date, now);
          const mayDelete = rights.can_delete_any || user?.user_id === post.author.user_id;
          return (
            <li key={post.post_id} className="comment wall-post" data-post-id={post.post_id}>
              {post.author.avatar ? (
                <img className="comment__avatar" src={post.author.avatar} alt="" width={36} height={36} />
              ) : (
                <span className="comment__avatar" aria-hidden="true">
                  {post.author.username.charAt(0).toUpperCase()}
                </span>
              )}
              <div className="comment__body">
                <p className="comment__meta">
                  <Link to={memberPath(post.author.user_id)} className="comment__author">
                    {post.author.username}
                  </Link>{' '}
                  <time className="muted" dateTime={post.added_date}>
                    {t(`misc.date.${key}`, { count })}
                  </time>
                </p>
                <p className="comment__text">{post.message}</p>
                {mayDelete ? (
                  <p className="comment__actions">
                    <button
                      type="button"
                      className="link-button"
                      data-action="wall-delete"
                      disabled={deleting === post.post_id}
                      onClick={() => void remove(post.post_id)}
                    >
                      {t('wall.delete')}
                    </button>
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      <Pagination current={page} count={pages} href={href} />
    </>
  );
}

function WallForm({ wallId, onPosted }: { wallId: number; onPosted: (post: WallPosted) => void }) {
  const { t } = useTranslation();
  const { askLogin, notify } = useMemberAct();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const errorText = (code: string, info: Record<string, unknown> = {}) =>
    (t as unknown as (keys: string[], options: Record<string, unknown>) => string)(
      [`wall.error.${code}`, `form.error.${code}`, `notify.${code}`, 'notify.unknown'],
      { ...info, code },
    );
  const lengthOf = (code: string) => (code === 'min_length' ? WALL_POST_LENGTH.min : WALL_POST_LENGTH.max);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const trimmed = text.trim();
    if (!trimmed) return setError(errorText('required'));
    if (trimmed.length < WALL_POST_LENGTH.min)
      return setError(errorText('min_length', { length: lengthOf('min_length') }));
    setSending(true);
    setError(null);
    try {
      const answer = (await postAct({
        act: 'wall',
        section: 'add',
        object_id: String(wallId),
        msg: text,
      })) as WallPosted;
      setText('');
      notify('success', t('notify.wall_post_success'));
      onPosted(answer);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) askLogin();
      else if (failure instanceof ApiError && failure.status > 0) {
        const code = failure.codes.find((c) => c.field === 'msg')?.code ?? actErrorCode(failure);
        setError(errorText(code, { length: lengthOf(code), ...failure.info }));
      } else setError(actErrorText(t, failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="comments__form wall-form" data-wall-form="" onSubmit={submit} noValidate>
      <label htmlFor={id} className="sr-only">
        {t('wall.label')}
      </label>
      <textarea
        id={id}
        name="msg"
        className={error ? 'input has-error' : 'input'}
        rows={3}
        maxLength={WALL_POST_LENGTH.max}
        placeholder={t('wall.placeholder')}
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
      <button type="submit" className="button button--primary" disabled={sending} data-action="wall-post">
        {sending ? t('wall.sending') : t('wall.send')}
      </button>
    </form>
  );
}

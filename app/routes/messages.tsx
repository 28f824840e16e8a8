// /messages/: the signed-in member's inbox (issue 14): one row per conversation partner with their
// latest message, its date and the unread count; 20 a page (?page=N). The member's own: noindex and
// never cached (Cache-Control: private, no-store). A guest gets the page's login prompt with HTTP 401
// (the Login modal; signing in reloads the page), not a redirect home (docs/decisions.md 2026-11-26).
import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import type { InboxResponse } from '../../contract/messages.ts';
import { MESSAGES_PAGE_SIZE, messagesPagePath } from '../../contract/messages-values.ts';
import { InboxList } from '../components/messages/inbox-list.tsx';
import { MessagesLogin, pageFromQuery, privateHeaders } from '../components/messages/messages-shared.tsx';
import { Pagination } from '../components/pagination.tsx';
import { userContext } from '../lib/context.ts';
import { metaT } from '../lib/i18n.ts';
import { notFound } from '../lib/params.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/messages.ts';

type LoaderData = { guest: true } | { guest: false; me: number; inbox: InboxResponse; page: number };

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!user) return data<LoaderData>({ guest: true }, { status: 401 });
  const page = pageFromQuery(url);
  const inbox = await servicesOf(context)
    .messages.inbox(user, page, MESSAGES_PAGE_SIZE)
    .catch((error: unknown) => {
      if ((error as { status?: number }).status === 404) notFound();
      throw error;
    });
  return { guest: false, me: user.user_id, inbox, page } satisfies LoaderData;
}

export const headers = privateHeaders;

export function meta({ location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta({
    site: siteOf(matches),
    location,
    title: t('messages.title'),
    description: t('messages.description'),
    robots: 'noindex, nofollow',
  });
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.guest) return <MessagesLogin />;
  const { inbox, page, me } = loaderData;
  return (
    <section className="page messages-page">
      <h1 className="page__title">{t('messages.title')}</h1>
      <InboxList conversations={inbox.conversations} me={me} />
      <Pagination
        current={page}
        count={Math.ceil(inbox.total_count / MESSAGES_PAGE_SIZE)}
        href={(p) => messagesPagePath(p)}
      />
    </section>
  );
}

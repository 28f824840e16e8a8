// /messages/{user_id}/: the signed-in member's conversation with one member (issue 14), 20 messages a
// page (?page=N; page 1 is the latest), the send box and Block / Unblock. The member's own: noindex,
// never cached. An unknown member, a page above the last and oneself are the 404 page; a guest gets
// the login prompt with HTTP 401, as on /messages/.
import { data } from 'react-router';
import type { ConversationResponse } from '../../contract/messages.ts';
import { MESSAGES_PAGE_SIZE } from '../../contract/messages-values.ts';
import { Conversation } from '../components/messages/conversation.tsx';
import { MessagesLogin, pageFromQuery, privateHeaders } from '../components/messages/messages-shared.tsx';
import { userContext } from '../lib/context.ts';
import { metaT } from '../lib/i18n.ts';
import { notFound, parseId } from '../lib/params.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/messages-conversation.ts';

type LoaderData =
  | { guest: true }
  | { guest: false; me: number; conversation: ConversationResponse; page: number };

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!user) return data<LoaderData>({ guest: true }, { status: 401 });
  const userId = parseId(params.user_id);
  const page = pageFromQuery(url);
  if (userId === user.user_id) notFound();
  const conversation = await servicesOf(context)
    .messages.conversation(user, userId, page, MESSAGES_PAGE_SIZE)
    .catch((error: unknown) => {
      const status = (error as { status?: number }).status;
      if (status === 404 || status === 400) notFound();
      throw error;
    });
  return { guest: false, me: user.user_id, conversation, page } satisfies LoaderData;
}

export const headers = privateHeaders;

export function meta({ location, matches, loaderData }: Route.MetaArgs) {
  const t = metaT(matches);
  const name = loaderData && !loaderData.guest ? loaderData.conversation.user.username : '';
  return pageMeta({
    site: siteOf(matches),
    location,
    title: name ? t('messages.conversation_title', { name }) : t('messages.title'),
    description: t('messages.description'),
    robots: 'noindex, nofollow',
  });
}

export default function MessagesConversation({ loaderData }: Route.ComponentProps) {
  if (loaderData.guest) return <MessagesLogin />;
  const { conversation, page, me } = loaderData;
  return (
    <Conversation
      data={conversation}
      me={me}
      page={page}
      pages={Math.max(1, Math.ceil(conversation.total_count / MESSAGES_PAGE_SIZE))}
    />
  );
}

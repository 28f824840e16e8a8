// The browser's calls for private messages (contract/messages.ts): POST /api/messages.php by act. A
// refusal is an ApiError with the spec's error shape (api-client.ts).
import type { MessageBlock, MessageSent, MessagesRead } from '../../../contract/messages.ts';
import { MESSAGES_POST_PATH } from '../../../contract/messages-values.ts';
import { ApiError, callApi } from '../../lib/api-client.ts';

async function postMessageAct<T>(fields: Record<string, string>): Promise<T> {
  const answer = await callApi(MESSAGES_POST_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
  });
  if (!answer.ok || !answer.body) throw new ApiError(answer.status, answer.body);
  return answer.body as T;
}

export const sendMessage = (toUserId: number, message: string) =>
  postMessageAct<MessageSent>({ act: 'send', to_user_id: String(toUserId), message });

export const markConversationRead = (userId: number) =>
  postMessageAct<MessagesRead>({ act: 'read', user_id: String(userId) });

export const setBlocked = (userId: number, blocked: boolean) =>
  postMessageAct<MessageBlock>({ act: blocked ? 'block' : 'unblock', user_id: String(userId) });

export const deleteMessage = (messageId: number) =>
  postMessageAct<{ ok: true }>({ act: 'del', message_id: String(messageId) });

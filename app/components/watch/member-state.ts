// What the video page shows about the viewer and the people behind the video (issue 13): the member's
// favourites / watch-later / vote state, and the subscribe buttons' state for the channel and the
// uploader. Read by the loader: a member's page is never in the shared page cache, and a guest's state
// (nothing subscribed, nothing voted) is the same for every guest, so the cached page stays right.

import type { CurrentUser } from '../../../contract/accounts.ts';
import type { MemberVideoState, SubscribeSection } from '../../../contract/acts.ts';
import type { VideoDetail } from '../../../contract/catalog.ts';
import type { servicesOf } from '../../lib/route-data.ts';

type Services = ReturnType<typeof servicesOf>;

export interface SubscribeState {
  section: SubscribeSection;
  objectId: number;
  subscribed: boolean;
  subscribers: number;
}

export interface WatchMemberState {
  /** null for a guest. */
  video: MemberVideoState | null;
  channel: SubscribeState | null;
  uploader: SubscribeState | null;
}

async function subscribeState(
  services: Services,
  user: CurrentUser | null,
  section: SubscribeSection,
  objectId: number,
): Promise<SubscribeState | null> {
  // A channel or member that vanished between the two reads has no button; nothing else is lost.
  const state = await services.acts.subscriptions.state(user, section, objectId).catch(() => null);
  return state ? { section, objectId, ...state } : null;
}

export async function watchMemberState(
  services: Services,
  user: CurrentUser | null,
  video: VideoDetail,
): Promise<WatchMemberState> {
  const [state, channel, uploader] = await Promise.all([
    user ? services.acts.lists.videoState(user, video.video_id) : null,
    video.channel ? subscribeState(services, user, 'channel', video.channel.id) : null,
    video.user ? subscribeState(services, user, 'member', video.user.user_id) : null,
  ]);
  return { video: state, channel, uploader };
}

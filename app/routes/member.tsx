import { useTranslation } from 'react-i18next';
import { UPLOADS_PAGE_SIZE, type UploadsPage } from '../../contract/moderation.ts';
import { UploadList } from '../components/moderation/upload-list.tsx';
import { Pagination } from '../components/pagination.tsx';
import { type StubData, StubPage, stub, stubMeta } from '../components/stub-page.tsx';
import { userContext } from '../lib/context.ts';
import { isOneOf, notFound, parseId, parsePage } from '../lib/params.ts';
import { servicesOf } from '../lib/route-data.ts';
import type { Route } from './+types/member.ts';

const SECTIONS = {
  wall: 'member_wall',
  friends: 'member_friends',
  edit: 'member_edit',
  subscriptions: 'member_subscriptions',
  uploaded_videos: 'member_uploaded_videos',
  favourite_videos: 'member_favourite_videos',
  playlists: 'member_playlists',
  history: 'member_history',
  watch_later_videos: 'member_watch_later_videos',
  info: 'member_info',
} as const;

type MemberData = StubData & { memberId: number; uploads?: UploadsPage };

export async function loader({ params, url, context }: Route.LoaderArgs): Promise<MemberData> {
  const memberId = parseId(params.id);
  const page = params.page === undefined ? undefined : parsePage(params.page);
  // /members/{id}/{section}/...: the route table only lets known sections through.
  const section = url.pathname.split('/')[3] ?? '';
  const heading = isOneOf(section, Object.keys(SECTIONS) as (keyof typeof SECTIONS)[])
    ? SECTIONS[section]
    : 'member';
  if (section === 'uploaded_videos') {
    // The member's own uploads with their status; other visitors see the active public ones only.
    const uploads = await servicesOf(context).moderation.uploads(
      context.get(userContext),
      memberId,
      page ?? 1,
    );
    if (!uploads || (uploads.videos.length === 0 && (page ?? 1) > 1)) notFound();
    return { ...stub(heading, undefined, page), memberId, uploads };
  }
  return { ...stub(heading, undefined, page), memberId };
}

export const meta = stubMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { uploads, memberId } = loaderData;
  if (!uploads) return <StubPage data={loaderData} />;
  const pages = Math.max(1, Math.ceil(uploads.total_count / UPLOADS_PAGE_SIZE));
  return (
    <section className="page">
      <h1 className="page__title">{t(`page.${loaderData.heading}`)}</h1>
      <UploadList data={uploads} />
      <Pagination
        current={uploads.page}
        count={pages}
        href={(page) => `/members/${memberId}/uploaded_videos/${page}/`}
      />
    </section>
  );
}

// /admin/quarantine/ (issue 31): the files uploads carried that matched a child-protection hash list,
// kept under quarantine/ for the authorities (server/modules/integrity/screening.ts). Administrators
// only; everyone else gets the console's 403 page. The list (newest first) links each file's facts at
// ?quarantine_id=N: who uploaded it and when, which list and hash matched, its digests and where it
// lies in storage — as text. The file's content is never served to a browser: no image, player or link.
import moderation from 'virtual:en/moderation';
import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import {
  QUARANTINE_PAGE,
  type QuarantineItem,
  type QuarantineList,
  quarantineItemPath,
} from '../../contract/quarantine.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import { ConsolePagination, consoleMeta, pageCount } from '../components/admin/console-kit.tsx';
import { Notice } from '../components/status-page.tsx';
import { userContext } from '../lib/context.ts';
import { addEnglish } from '../lib/i18n.ts';
import { notFound } from '../lib/params.ts';
import { servicesOf } from '../lib/route-data.ts';
import { isDomainError } from '../lib/staff-actions.ts';
import type { Route } from './+types/admin-quarantine.ts';

addEnglish({ moderation });

export const links = adminLinks;

type LoaderData =
  | { forbidden: true }
  | { forbidden: false; role: string; item: QuarantineItem }
  | { forbidden: false; role: string; item: null; list: QuarantineList };

const ID = /^[1-9]\d{0,14}$/;

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (user?.role !== 'administrator') return data<LoaderData>({ forbidden: true }, { status: 403 });
  const quarantine = servicesOf(context).quarantine;
  const id = url.searchParams.get('quarantine_id');
  if (id === null) {
    const page = url.searchParams.get('page') ?? '1';
    if (!/^[1-9]\d{0,3}$/.test(page)) notFound();
    const list = await quarantine.list(user, Number(page));
    return data<LoaderData>({ forbidden: false, role: user.role, item: null, list });
  }
  if (!ID.test(id)) notFound();
  try {
    const item = await quarantine.get(user, Number(id));
    return data<LoaderData>({ forbidden: false, role: user.role, item });
  } catch (error) {
    if (isDomainError(error) && error.status === 404) notFound();
    throw error;
  }
}

export const meta = (args: Route.MetaArgs) => consoleMeta(args, 'moderation.quarantine.title');

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export default function QuarantinePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.forbidden) return <Notice title={t('moderation.forbidden')} />;
  return (
    <AdminFrame section="quarantine" role={loaderData.role}>
      {loaderData.item ? (
        <QuarantineFile item={loaderData.item} />
      ) : (
        <QuarantineFiles list={loaderData.list} />
      )}
    </AdminFrame>
  );
}

function Uploader({ item }: { item: QuarantineItem }) {
  const { t } = useTranslation();
  return item.uploader ? (
    <Link to={`/admin/users/?q=${encodeURIComponent(item.uploader.username)}`}>
      {item.uploader.username} (#{item.uploader.user_id})
    </Link>
  ) : (
    <>{t('moderation.quarantine.gone')}</>
  );
}

function QuarantineFiles({ list }: { list: QuarantineList }) {
  const { t } = useTranslation();
  return (
    <section className="quarantine">
      <h1 className="console__title">{t('moderation.quarantine.title')}</h1>
      <p className="console__muted">{t('moderation.quarantine.intro')}</p>
      {list.items.length === 0 ? (
        <p className="console__muted" data-testid="quarantine-empty">
          {t('moderation.quarantine.none')}
        </p>
      ) : (
        <div className="console__table-wrap">
          <table className="console__table">
            <thead>
              <tr>
                <th>{t('moderation.quarantine.file')}</th>
                <th>{t('moderation.quarantine.when')}</th>
                <th>{t('moderation.quarantine.list')}</th>
                <th>{t('moderation.quarantine.uploader')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr key={item.quarantine_id} data-quarantine={item.quarantine_id}>
                  <td>
                    <Link to={quarantineItemPath(item.quarantine_id)}>
                      {t('moderation.quarantine.item_title', { id: item.quarantine_id })}
                    </Link>
                  </td>
                  <td>{when(item.created_at)}</td>
                  <td>
                    {item.list_name} · {item.kind}
                  </td>
                  <td>
                    <Uploader item={item} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConsolePagination
        page={list.page}
        pages={pageCount(list.total_count, list.per_page)}
        href={(page) => `${QUARANTINE_PAGE}?page=${page}`}
      />
    </section>
  );
}

function QuarantineFile({ item }: { item: QuarantineItem }) {
  const { t } = useTranslation();
  const rows: [string, React.ReactNode][] = [
    [t('moderation.quarantine.when'), when(item.created_at)],
    [t('moderation.quarantine.uploader'), <Uploader key="uploader" item={item} />],
    [
      t('moderation.quarantine.video'),
      item.video_id !== null ? (
        <Link key="video" to={`/admin/videos/${item.video_id}/`}>
          #{item.video_id} {item.video_title}
        </Link>
      ) : (
        t('moderation.quarantine.gone')
      ),
    ],
    [t('moderation.quarantine.list'), item.list_name],
    [t('moderation.quarantine.matched'), `${item.kind}: ${item.value}`],
    [t('moderation.quarantine.size'), item.size_bytes === null ? '—' : String(item.size_bytes)],
    ['MD5', item.md5 ?? '—'],
    ['SHA-256', item.sha256 ?? '—'],
    [t('moderation.quarantine.storage_key'), item.storage_key],
  ];
  return (
    <section className="quarantine" data-quarantine={item.quarantine_id}>
      <p className="console__row">
        <Link to={QUARANTINE_PAGE}>{t('moderation.quarantine.back')}</Link>
      </p>
      <h1 className="console__title">{t('moderation.quarantine.item_title', { id: item.quarantine_id })}</h1>
      <p className="console__muted">{t('moderation.quarantine.never_served')}</p>
      <dl className="console__panel quarantine__facts">
        {rows.map(([label, value]) => (
          <div key={label} className="console__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

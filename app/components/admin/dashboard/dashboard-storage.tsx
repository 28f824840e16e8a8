// The dashboard's storage panel (routes/admin-dashboard.tsx): bytes used, the disk's free space and a
// meter when the storage is local, and the files and bytes of each kind.
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '../../../../contract/admin-dashboard.ts';
import { humanBytes } from '../../../lib/admin-dashboard-api.ts';
import { firstText } from '../console-kit.tsx';

export function StoragePanel({ storage }: { storage: Dashboard['storage'] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const usedShare =
    storage.disk_bytes && storage.free_bytes !== null
      ? Math.min(100, Math.round(((storage.disk_bytes - storage.free_bytes) / storage.disk_bytes) * 100))
      : null;
  return (
    <div className="console__panel dash__storage">
      <p className="dash__storage-where console__muted">
        {t(
          storage.kind === 'local'
            ? 'admin_dashboard.storage.where_local'
            : 'admin_dashboard.storage.where_s3',
        )}
      </p>
      <dl className="dash__storage-facts">
        <div>
          <dt>{t('admin_dashboard.storage.used')}</dt>
          <dd data-bytes={storage.total_bytes}>{humanBytes(storage.total_bytes, lang)}</dd>
        </div>
        {storage.free_bytes !== null && storage.disk_bytes !== null ? (
          <div>
            <dt>{t('admin_dashboard.storage.free')}</dt>
            <dd>
              {t('admin_dashboard.storage.of_disk', {
                free: humanBytes(storage.free_bytes, lang),
                total: humanBytes(storage.disk_bytes, lang),
              })}
            </dd>
          </div>
        ) : null}
      </dl>
      {usedShare !== null ? (
        <div className="dash__meter" aria-hidden="true">
          <div className="dash__meter-fill" style={{ width: `${usedShare}%` }} />
        </div>
      ) : null}
      {storage.by_kind.length > 0 ? (
        <table className="console__table dash__kinds">
          <thead>
            <tr>
              <th scope="col">{t('admin_dashboard.storage.kind')}</th>
              <th scope="col" className="num">
                {t('admin_dashboard.storage.files')}
              </th>
              <th scope="col" className="num">
                {t('admin_dashboard.storage.bytes')}
              </th>
            </tr>
          </thead>
          <tbody>
            {storage.by_kind.map((k) => (
              <tr key={k.kind}>
                <td>{firstText(t, [`admin_dashboard.storage.kinds.${k.kind}`]) || k.kind}</td>
                <td className="num">{k.files.toLocaleString(lang)}</td>
                <td className="num">{humanBytes(k.bytes, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

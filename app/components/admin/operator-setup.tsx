// The dashboard's reminder that the legal pages lack operator details (issue 34): shown until they are
// set; the link only to administrators, who may edit the settings.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OperatorDetailName } from '../../../contract/admin-dashboard.ts';

export function OperatorSetupNotice({
  missing,
  canEdit,
}: {
  missing: OperatorDetailName[];
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (missing.length === 0) return null;
  const items = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    missing.map((name) => t(`admin_dashboard.setup.items.${name}`)),
  );
  return (
    <div className="console__notice console__notice--error" role="alert" data-operator-setup>
      <strong>{t('admin_dashboard.setup.title')}</strong> {t('admin_dashboard.setup.text', { items })}{' '}
      {canEdit ? <Link to="/admin/settings/">{t('admin_dashboard.setup.link')}</Link> : null}
    </div>
  );
}

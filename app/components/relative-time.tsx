import { useTranslation } from 'react-i18next';
import { relativeDate } from '../lib/format.ts';
import { useRootData } from '../lib/route-data.ts';

export function RelativeTime({ date }: { date: string }) {
  const { t } = useTranslation();
  // The request's time from the root loader: the server and the hydrating client agree.
  const now = useRootData()?.now ?? Date.now();
  const { key, count } = relativeDate(date, now);
  const parsed = new Date(date);
  return (
    <time dateTime={Number.isNaN(parsed.getTime()) ? undefined : parsed.toISOString()}>
      {key === 'today' ? t('misc.date.today') : t(`misc.date.${key}`, { count })}
    </time>
  );
}

// An open complaint's age against the 7-business-day limit (issue 31; contract/complaint-clock.ts):
// "due in 3 business days", "due today", "overdue by 1 business day", coloured by its state (ok, due
// soon at 2 business days or fewer, overdue). Reports, DMCA cases and appeals show it in the console.
import { useTranslation } from 'react-i18next';
import type { ComplaintClock } from '../../../../contract/complaint-clock.ts';

export function ClockBadge({ clock }: { clock: ComplaintClock }) {
  const { t } = useTranslation();
  const text =
    clock.state === 'overdue'
      ? t('reports_admin.clock.overdue', { count: clock.days })
      : clock.days === 0
        ? t('reports_admin.clock.due_today')
        : t('reports_admin.clock.due_in', { count: clock.days });
  return (
    <span
      className={`complaint-clock complaint-clock--${clock.state}`}
      data-clock={clock.state}
      title={t('reports_admin.clock.deadline', { date: clock.deadline.slice(0, 10) })}
    >
      {text}
    </span>
  );
}

// The console video page's pickers (app/routes/admin-video-edit.tsx): categories and models as
// checkboxes with a filter box.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickerChoice } from '../../../../contract/admin-videos.ts';

/** A list of checkboxes with a filter box: the picked ones first, then the rest by title. */
export function Picker({
  name,
  label,
  choices,
  picked,
  onChange,
  max,
}: {
  name: string;
  label: string;
  choices: PickerChoice[];
  picked: number[];
  onChange: (ids: number[]) => void;
  max?: number;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const chosen = choices.filter((c) => picked.includes(c.id));
    const rest = choices.filter(
      (c) => !picked.includes(c.id) && (!needle || c.title.toLowerCase().includes(needle)),
    );
    return [...chosen, ...rest.slice(0, 200)];
  }, [choices, picked, filter]);
  return (
    <fieldset className="console__field videos-admin__picker">
      <legend>{label}</legend>
      <input
        type="search"
        aria-label={t('admin_videos.field.filter', { what: label })}
        placeholder={t('admin_videos.field.filter_placeholder')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <div className="videos-admin__choices">
        {shown.map((c) => {
          const on = picked.includes(c.id);
          return (
            <label key={c.id} className="videos-admin__choice">
              <input
                type="checkbox"
                name={name}
                value={c.id}
                checked={on}
                disabled={!on && max !== undefined && picked.length >= max}
                onChange={() => onChange(on ? picked.filter((id) => id !== c.id) : [...picked, c.id])}
              />
              {c.title}
            </label>
          );
        })}
        {shown.length === 0 ? (
          <span className="console__muted">{t('admin_videos.field.none_found')}</span>
        ) : null}
      </div>
    </fieldset>
  );
}

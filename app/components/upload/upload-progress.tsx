// The run of a submit: the progress bar while the file goes and the server checks it (or the import
// note for a link), and the success view with its way to upload another.
import { useTranslation } from 'react-i18next';
import type { UploadPhase } from './upload-state.ts';

export function UploadProgress({ phase, percent }: { phase: UploadPhase; percent: number }) {
  const { t } = useTranslation();
  return (
    <div className="upload-progress">
      {phase !== 'import' ? (
        <>
          <div
            className="upload-progress__bar"
            role="progressbar"
            aria-label={t('upload.progress_label')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          <p className="upload-progress__text" role="status">
            {phase === 'upload' ? t('upload.uploading', { percent }) : t('upload.checking')}
          </p>
        </>
      ) : (
        <p className="upload-progress__text" role="status">
          {t('upload.importing')}
        </p>
      )}
    </div>
  );
}

export function UploadSuccess({ onRestart, importing }: { onRestart: () => void; importing: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="upload-result" data-state="success" data-importing={importing} role="status">
      <p className="upload-result__text">{t(importing ? 'upload.import_accepted' : 'upload.success')}</p>
      {importing && <p className="upload-result__hint">{t('upload.import_status_hint')}</p>}
      <button type="button" className="button" onClick={onRestart}>
        {t('upload.another')}
      </button>
    </div>
  );
}

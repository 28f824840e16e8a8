import { useTranslation } from 'react-i18next';
import type { VideoDetail } from '../../contract/catalog.ts';
import { bestFirst } from '../lib/seo.ts';

/** Plain HTML5 playback until the hls.js player with its own controls lands (DESIGN.md "Stack"). */
export function VideoPlayer({ video }: { video: VideoDetail }) {
  const { t } = useTranslation();
  const files = bestFirst(video.files);
  return (
    <div className="player">
      {/* biome-ignore lint/a11y/useMediaCaption: synthetic test patterns have no speech to caption. */}
      <video controls preload="metadata" poster={video.scr} playsInline aria-label={t('video.player')}>
        {files.map((file) => (
          <source key={file.url} src={file.url} type={file.mime} />
        ))}
      </video>
      {files.length === 0 ? <p className="player__notice">{t('video.no_files')}</p> : null}
    </div>
  );
}

// The player's control icons: inline SVG in the site's icon style (no emoji: fonts differ per system).
import type { ReactNode } from 'react';

function Icon({
  children,
  size = 22,
  filled = false,
}: {
  children: ReactNode;
  size?: number;
  filled?: boolean;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const PlayIcon = ({ size }: { size?: number }) => (
  <Icon size={size} filled>
    <path d="M7 4.5v15l12-7.5z" />
  </Icon>
);

export const PauseIcon = () => (
  <Icon filled>
    <rect x="6" y="5" width="4" height="14" rx="1" />
    <rect x="14" y="5" width="4" height="14" rx="1" />
  </Icon>
);

export const ReplayIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5" />
  </Icon>
);

/** Round arrow with the step in it: back (direction -1) or forward (1). */
export const StepIcon = ({ direction }: { direction: 1 | -1 }) => (
  <Icon>
    <g transform={direction === 1 ? 'translate(24 0) scale(-1 1)' : undefined}>
      <path d="M4 12a8 8 0 1 0 2.4-5.7L4 8.5" />
      <path d="M4 4v4.5h4.5" />
    </g>
    <text
      x="12.5"
      y="15.5"
      fontSize="7.5"
      textAnchor="middle"
      fill="currentColor"
      stroke="none"
      fontWeight="700"
    >
      10
    </text>
  </Icon>
);

export const VolumeIcon = ({ muted }: { muted: boolean }) => (
  <Icon>
    <path d="M4 9v6h4l5 4V5L8 9z" fill="currentColor" />
    {muted ? (
      <path d="m17 9 5 6m0-6-5 6" />
    ) : (
      <>
        <path d="M16.5 8.5a5 5 0 0 1 0 7" />
        <path d="M19 6a8.5 8.5 0 0 1 0 12" />
      </>
    )}
  </Icon>
);

export const FullscreenIcon = ({ exit }: { exit: boolean }) => (
  <Icon>
    {exit ? (
      <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
    ) : (
      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
    )}
  </Icon>
);

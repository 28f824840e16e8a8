// SVG icons, always decorative (the control that holds one carries the accessible name); they inherit
// the text colour. The named ones are drawn once, in icon-sprite.svg (a cached, hashed asset), and each
// use is a <use> of it (issue 29: the page no longer repeats their paths); `Icon` draws ad-hoc ones inline.
// Video cards draw their two icons in CSS (styles/listing.css), with no markup at all.
import type { ReactNode } from 'react';
import sprite from './icon-sprite.svg?no-inline';

export function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
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

/** The ids of icon-sprite.svg's symbols. */
export type SpriteIconId =
  | 'search'
  | 'menu'
  | 'close'
  | 'history'
  | 'user'
  | 'eye'
  | 'thumb'
  | 'clock'
  | 'chevron-left'
  | 'chevron-right'
  | 'download'
  | 'comment'
  | 'plus'
  | 'flag';

/** One of icon-sprite.svg's icons. */
export function SpriteIcon({ id, size = 20 }: { id: SpriteIconId; size?: number }) {
  return (
    <svg className="icon" width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`${sprite}#${id}`} />
    </svg>
  );
}

export const SearchIcon = () => <SpriteIcon id="search" />;
export const MenuIcon = () => <SpriteIcon id="menu" />;
export const CloseIcon = () => <SpriteIcon id="close" />;
export const HistoryIcon = () => <SpriteIcon id="history" />;
export const UserIcon = () => <SpriteIcon id="user" size={18} />;
export const EyeIcon = () => <SpriteIcon id="eye" size={14} />;
export const ThumbIcon = () => <SpriteIcon id="thumb" size={14} />;
export const ClockIcon = () => <SpriteIcon id="clock" size={14} />;

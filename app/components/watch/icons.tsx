// The video page's own icons: symbols of icon-sprite.svg (components/icons.tsx), decorative, currentColor.
import { SpriteIcon } from '../icons.tsx';

export const ChevronLeftIcon = () => <SpriteIcon id="chevron-left" />;
export const ChevronRightIcon = () => <SpriteIcon id="chevron-right" />;
export const DownloadIcon = () => <SpriteIcon id="download" />;
export const CommentIcon = () => <SpriteIcon id="comment" />;
export const PlusIcon = () => <SpriteIcon id="plus" />;
export const FlagIcon = () => <SpriteIcon id="flag" />;

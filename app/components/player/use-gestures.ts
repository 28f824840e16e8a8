// Pointer gestures on the picture. Mouse: click plays or pauses, double-click toggles fullscreen.
// Touch: a tap shows the controls (a tap on a hidden control bar must not pause), a double tap on
// the left or right third steps back or forward 10 s, a tap in the middle while the controls show
// plays or pauses.
import { type PointerEvent as ReactPointerEvent, useRef } from 'react';

const DOUBLE_TAP_MS = 300;

export function useGestures(h: {
  onToggle: () => void;
  onStep: (direction: 1 | -1) => void;
  onFullscreen: () => void;
  onWake: () => void;
}) {
  const lastTap = useRef({ at: 0, side: 0 });
  const pointer = useRef<string>('mouse');
  const single = useRef<ReturnType<typeof setTimeout> | null>(null);
  const shownAt = useRef(0);

  const side = (event: ReactPointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = (event.clientX - rect.left) / (rect.width || 1);
    return x < 1 / 3 ? -1 : x > 2 / 3 ? 1 : 0;
  };

  return {
    onPointerDown: (event: ReactPointerEvent<HTMLDivElement>) => {
      pointer.current = event.pointerType;
    },
    onPointerUp: (event: ReactPointerEvent<HTMLDivElement>) => {
      if (event.pointerType === 'mouse') return;
      const now = performance.now();
      const s = side(event);
      const previous = lastTap.current;
      lastTap.current = { at: now, side: s };
      if (now - previous.at < DOUBLE_TAP_MS && s !== 0 && s === previous.side) {
        if (single.current) clearTimeout(single.current);
        single.current = null;
        h.onStep(s as 1 | -1);
        h.onWake();
        return;
      }
      // Wait out a possible second tap before acting on the first.
      if (single.current) clearTimeout(single.current);
      single.current = setTimeout(() => {
        single.current = null;
        const visible = now - shownAt.current < 3000;
        if (visible && s === 0) h.onToggle();
        shownAt.current = performance.now();
        h.onWake();
      }, DOUBLE_TAP_MS);
    },
    onClick: (event: React.MouseEvent<HTMLDivElement>) => {
      if (pointer.current !== 'mouse' || event.detail > 1) return;
      h.onToggle();
    },
    onDoubleClick: () => {
      if (pointer.current === 'mouse') h.onFullscreen();
    },
  };
}

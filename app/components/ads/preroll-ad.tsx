// PLACEHOLDER until the VAST pre-roll lands (issue 6, ads): finishes at once without an ad.
import { useEffect } from 'react';
import type { PrerollConfig } from '../../../contract/ads.ts';

export interface PrerollAdProps {
  config: PrerollConfig;
  /** true on phones and tablets: the 10 s request timeout instead of 5 s. */
  mobile: boolean;
  /** Called once when the ad ends, is skipped, or fails with no fallback left; the player then plays. */
  onDone: () => void;
}

export function PrerollAd({ onDone }: PrerollAdProps) {
  useEffect(() => onDone(), [onDone]);
  return null;
}

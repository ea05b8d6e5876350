import { useEffect } from 'react';
import { inIdleTurns } from '../whenIdle';
import { useOpeningScreenSettled } from './useOpeningScreenSettled';

/**
 * Runs `preloads` one per idle period (inIdleTurns), starting once the screen the console opened on has its data:
 * on a slow network, code fetched ahead must not share the bandwidth and the main thread with that screen's search.
 */
export const IdlePreloads = ({ preloads }: { preloads: ReadonlyArray<() => Promise<unknown>> }) => {
  const openingScreenSettled = useOpeningScreenSettled();
  useEffect(() => (openingScreenSettled ? inIdleTurns(preloads) : undefined), [openingScreenSettled, preloads]);
  return null;
};

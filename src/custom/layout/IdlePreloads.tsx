import { useEffect } from 'react';
import { inIdleTurns } from '../whenIdle';
import { useOpeningScreenSettled } from './useOpeningScreenSettled';

/** Waits until the opening screen has its data: on a slow network, code fetched ahead must not share the bandwidth and main thread with its search. */
export const IdlePreloads = ({ preloads }: { preloads: ReadonlyArray<() => Promise<unknown>> }) => {
  const openingScreenSettled = useOpeningScreenSettled();
  useEffect(() => (openingScreenSettled ? inIdleTurns(preloads) : undefined), [openingScreenSettled, preloads]);
  return null;
};

import { Suspense, lazy, useSyncExternalStore } from 'react';
import { stepUp } from '../../providers';
import type { StepUpPrompt } from '../../providers/stepUp';

/** Fetched when the browser is idle (the layout's IdlePreloads), else at the first refusal: no first load carries it. */
export const preloadStepUpDialog = () => import('./StepUpProofForm');
const StepUpProofForm = lazy(async () => ({ default: (await preloadStepUpDialog()).StepUpProofForm }));

/**
 * Mounted once in the layout: opens when a call answers REAUTH_REQUIRED (httpClient, stepUp.ts) and asks for fresh proof,
 * one dialog however many calls wait.
 */
export const StepUpDialog = ({ prompt = stepUp }: { prompt?: StepUpPrompt }) => {
  const asking = useSyncExternalStore(prompt.subscribe, prompt.isAsking);
  return asking ? (
    <Suspense fallback={null}>
      <StepUpProofForm prompt={prompt} />
    </Suspense>
  ) : null;
};

import { useMutation } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { messages } from '../../catalogue/messages';
import { failureMessage } from '../../providers/failureMessage';

export interface NotifyingMutationOptions<Result> {
  /** The toast of a success. */
  success: string;
  /** The toast of a failure that carries no code. */
  fallback?: string;
  onSuccess?: (result: Result) => void;
}

/** A provider call run from a component: its pending state, the success toast, else the failure's code. */
export function useNotifyingMutation<Variables, Result>(
  call: (variables: Variables) => Promise<Result>,
  { success, fallback = messages.failure.generic, onSuccess }: NotifyingMutationOptions<Result>,
) {
  const notify = useNotify();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) => {
      notify(success, { type: 'success' });
      onSuccess?.(result);
    },
    onError: (error) => notify(failureMessage(error, fallback), { type: 'error' }),
  });
}

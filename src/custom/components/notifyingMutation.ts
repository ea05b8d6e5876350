import { messages } from '../../../shared/catalogue/messages';
import { failureMessage } from '../../providers/failureMessage';

/** Shows a toast; react-admin's `useNotify` in the console, the sign-in shell's own on the auth screens. */
export type Notify = (message: string, options: { type: 'success' | 'error'; multiLine?: boolean }) => void;

export interface NotifyingMutationOptions<Variables, Result> {
  success?: string;
  /** The toast of a failure that carries no code. */
  fallback?: string;
  /** Rewrites the failure's text (code or fallback) before it is shown. */
  failureText?: (message: string) => string;
  multiLine?: boolean;
  /** The call stays pending until a returned promise settles; a rejection counts as a failure. */
  onSuccess?: (result: Result, variables: Variables) => unknown;
  /** Runs before the failure's toast. */
  onError?: (error: unknown, variables: Variables) => void;
}

/** In react-query's `useMutation` shape; the signed-out screens run the same object. */
export interface NotifyingMutation<Variables, Result> {
  mutationFn: (variables: Variables) => Promise<Result>;
  onSuccess: (result: Result, variables: Variables) => unknown;
  onError: (error: unknown, variables: Variables) => void;
}

/** The success toast, else the failure's code or the fallback. */
export function notifyingMutation<Variables, Result>(
  call: (variables: Variables) => Promise<Result>,
  notify: Notify,
  {
    success,
    fallback = messages.failure.generic,
    failureText = (message) => message,
    multiLine = false,
    onSuccess,
    onError,
  }: NotifyingMutationOptions<Variables, Result>,
): NotifyingMutation<Variables, Result> {
  return {
    mutationFn: call,
    onSuccess: (result, variables) => {
      if (success !== undefined) notify(success, { type: 'success' });
      return onSuccess?.(result, variables);
    },
    onError: (error, variables) => {
      onError?.(error, variables);
      const text = failureText(failureMessage(error, fallback));
      notify(text, multiLine ? { type: 'error', multiLine } : { type: 'error' });
    },
  };
}

import { useMutation } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { notifyingMutation, type NotifyingMutationOptions } from './notifyingMutation';

/** A provider call run from a console component: its pending state, the success toast, else the failure's code or the fallback. */
export function useNotifyingMutation<Variables, Result>(call: (variables: Variables) => Promise<Result>, options: NotifyingMutationOptions<Variables, Result>) {
  const notify = useNotify();
  return useMutation(notifyingMutation(call, notify, options));
}

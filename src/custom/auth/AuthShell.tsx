import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { Suspense, createContext, lazy, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { AdminAuthProvider } from '../../providers/authProvider';
import type { PasswordCalls } from '../../providers/passwordCalls';
import { notifyingMutation, type Notify, type NotifyingMutationOptions } from '../components/notifyingMutation';
import { baseThemeOptions } from '../layout/baseTheme';
import { useThemeMode } from '../layout/themeMode';
import type { Toast } from './AuthToast';

/** Fetched with the first toast: the sign-in page's first load carries no snackbar. */
const AuthToast = lazy(() => import('./AuthToast'));

/** What the signed-out screens call: they run before (and without) react-admin. */
export interface AuthServices {
  authProvider: AdminAuthProvider;
  passwordCalls: PasswordCalls;
  /** Starts fetching the console's code, so that it opens at once when the session does. */
  prefetchConsole: () => void;
}

const ServicesContext = createContext<AuthServices | null>(null);
const NotifyContext = createContext<Notify>(() => undefined);

export function useAuthServices(): AuthServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useAuthServices outside <AuthShell>');
  return services;
}

type MutationStatus = 'idle' | 'pending' | 'success' | 'error';

/** Run without react-query, which the first load would download for three forms; like `useMutation`, pending until onSuccess settles. */
export function useAuthMutation<Variables, Result>(call: (variables: Variables) => Promise<Result>, options: NotifyingMutationOptions<Variables, Result>) {
  const notify = useContext(NotifyContext);
  const [status, setStatus] = useState<MutationStatus>('idle');
  const mutate = (variables: Variables) => {
    const mutation = notifyingMutation(call, notify, options);
    setStatus('pending');
    mutation
      .mutationFn(variables)
      .then(async (result) => {
        await mutation.onSuccess(result, variables);
        setStatus('success');
      })
      .catch((error: unknown) => {
        setStatus('error');
        mutation.onError(error, variables);
      });
  };
  return { mutate, isPending: status === 'pending', isSuccess: status === 'success' };
}

/** Stays mounted around the console, so that a toast shown just before it opens stays readable. */
export const AuthShell = ({ services, children }: { services: AuthServices; children: ReactNode }) => {
  const mode = useThemeMode();
  const authTheme = useMemo(() => createTheme(baseThemeOptions(mode)), [mode]);
  const [toast, setToast] = useState<Toast | null>(null);
  const notify = useCallback<Notify>((message, { type }) => setToast({ message, type, key: Date.now() }), []);
  return (
    <ThemeProvider theme={authTheme}>
      <CssBaseline />
      <ServicesContext.Provider value={services}>
        <NotifyContext.Provider value={notify}>{children}</NotifyContext.Provider>
      </ServicesContext.Provider>
      {toast && (
        <Suspense>
          <AuthToast toast={toast} onClose={() => setToast(null)} />
        </Suspense>
      )}
    </ThemeProvider>
  );
};

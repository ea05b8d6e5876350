/** What `POST /admin/reauth` takes as fresh proof (shared/contract/reauth.ts); the passkey assertion will be one more member. */
export type StepUpProof = { password: string } | { code: string };

/**
 * The console's one open request for fresh proof (issue 32, step-up): httpClient asks when a call answers REAUTH_REQUIRED,
 * the layout's StepUpDialog answers. Calls refused while a request is open wait on it: one dialog, then all retried.
 */
export interface StepUpPrompt {
  /** Resolves true once the admin has proven themselves again, false on cancel or when no dialog is there to ask. */
  ask(): Promise<boolean>;
  /** Whether a request waits for the dialog (useSyncExternalStore's snapshot). */
  isAsking(): boolean;
  /** Ends the open request: its calls are sent again (true) or fail with their refusal (false). */
  answer(proven: boolean): void;
  /** The dialog's mount: returns its unmount. The last unmount refuses the open request, lest a later dialog show it unasked. */
  subscribe(listener: () => void): () => void;
  /** Told each time a call starts waiting on the dialog; not a dialog, so it never makes `ask` wait. Returns its removal. */
  onAsk(listener: () => void): () => void;
}

export function createStepUpPrompt(): StepUpPrompt {
  let open: { asked: Promise<boolean>; settle: (proven: boolean) => void } | undefined;
  const listeners = new Set<() => void>();
  const askListeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());

  const prompt: StepUpPrompt = {
    ask() {
      // Signed-out screens mount no dialog: a refusal there fails as any other would, rather than wait forever.
      if (listeners.size === 0) return Promise.resolve(false);
      if (!open) {
        let settle: (proven: boolean) => void = () => undefined;
        const asked = new Promise<boolean>((resolve) => {
          settle = resolve;
        });
        open = { asked, settle };
        changed();
      }
      askListeners.forEach((listener) => listener());
      return open.asked;
    },
    isAsking: () => open !== undefined,
    answer(proven) {
      const current = open;
      open = undefined;
      current?.settle(proven);
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        // Signed out mid-request: its calls carry the old session, so they fail rather than wait for the next dialog.
        if (listeners.size === 0 && open) prompt.answer(false);
      };
    },
    onAsk(listener) {
      askListeners.add(listener);
      return () => {
        askListeners.delete(listener);
      };
    },
  };
  return prompt;
}

/** The create dialog's inputs, fetched on the first click or when the console is idle (the resource's `createForm`). */
export const loadCreateInputs = async () => (await import('./DerivedCreateInputs')).DerivedCreateInputs;

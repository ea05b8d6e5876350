/** react-admin `choices` for a list of labels: the label is both the stored value and the text. */
export const choicesOf = (values: readonly (string | number)[]) => values.map((value) => ({ id: value, name: String(value) }));

/** A partial update changes only the fields it was given. */
export const definedOnly = <Fields extends Record<string, unknown>>(fields: Fields): Partial<Fields> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<Fields>;

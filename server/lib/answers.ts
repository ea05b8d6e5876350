import type { SearchTotal } from './searchTotal';

/** Successful answers of the envelope (shared/contract/envelope.ts), with `ok` typed as the literal the contract names. */
export const done = () => ({ ok: true as const });
export const answer = <Data>(data: Data) => ({ ok: true as const, data });
export const page = <Row>(data: Row[], { total, exact }: SearchTotal) => ({ ok: true as const, data, total, total_exact: exact });

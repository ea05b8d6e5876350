import type { SearchTotal } from './searchTotal';

/** Successful answers of the envelope (shared/contract/envelope.ts), with `ok` typed as the literal the contract names. */
export const done = () => ({ ok: true as const });
export const answer = <Data>(data: Data) => ({ ok: true as const, data });
/** A search total as the answer spells it (shared/contract/envelope.ts `pageTotal`). */
export const totalFields = ({ total, exact }: SearchTotal) => ({ total, total_exact: exact });
export const page = <Row>(data: Row[], total: SearchTotal) => ({ ok: true as const, data, ...totalFields(total) });
/** An answer as the bytes of its JSON, for one kept between requests and sent with `reply.sendSerialised`. */
export const serialised = (answer: object): Buffer => Buffer.from(JSON.stringify(answer));

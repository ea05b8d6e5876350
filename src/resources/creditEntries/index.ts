import { defineResource } from '../declarations';
import endpoint from './api';

/** A company's credit ledger, newest first, read in the company's Credits tab: no screen or menu entry of its own. */
export default defineResource(endpoint);

import { defineResource } from '../declarations';
import endpoint from './api';

/** The audit trail, newest first, read by the Audit page and every record's History tab. */
export default defineResource(endpoint);

import { defineFields, exportColumnsOf } from './fields';

/**
 * The marketplace's users. Their table stays hand-written (server/db/schema.ts: the stored lower-case name and e-mail
 * the search reads, the unique e-mail); a user is invited into a company (POST /user/invite), never created bare.
 */
export const userFields = defineFields({
  name: 'user',
  label: 'User',
  plural: 'Users',
  position: 2,
  recordRepresentation: 'name',
  defaultSort: { field: 'created_at', order: 'DESC' },
  fields: {
    name: { type: 'text', label: 'Name', required: true, maxLength: 200, list: true, searched: true, exported: true },
    email: { type: 'email', label: 'Email', required: true, list: true, searched: true, exported: true },
    organisation_id: {
      type: 'reference',
      to: 'company',
      // A company's deletion leaves its users without one (the table's foreign key).
      onDelete: 'setEmpty',
      nameKey: 'organisation_name',
      label: 'Organisation',
      list: true,
      // A company's Users link sets it; the list shows it as a chip, not a filter of its own.
      filter: 'hidden',
      // By the company's name (server/entities/users.ts).
      searched: true,
      exported: true,
    },
    /** Set by the invitation, never by a body. */
    invited: { type: 'boolean', label: 'Invited', required: true, default: false, write: 'readOnly' },
    /** Null until the user first signs in to the marketplace. */
    last_login_at: { type: 'timestamp', label: 'Last login', write: 'readOnly', list: true, exported: true },
  },
});

/** The CSV's columns: the declaration's, without the creation time (the spec's export has none). */
export const USER_EXPORT_COLUMNS: readonly string[] = exportColumnsOf(userFields).filter((column) => column !== 'created_at');

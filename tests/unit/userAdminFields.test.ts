import { getTableColumns } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { admins, users, type AdminRow, type UserRow } from '../../server/db/schema';
import { toAdminDto } from '../../server/lib/adminDto';
import { columnKey } from '../../server/lib/recordFromFields';
import { toUserDto } from '../../server/lib/userDto';
import { AUDIT_ENTITY_LABELS } from '../../shared/catalogue/audit';
import { adminContract, adminRecord } from '../../shared/contract/admins';
import { userContract, userInviteBody, userRecord } from '../../shared/contract/users';
import { adminFields } from '../../shared/entities/admins';
import type { AnyEntityFields, FieldDeclaration } from '../../shared/entities/fields';
import { userFields } from '../../shared/entities/users';

/** The tables stay hand-written (their migrations exist): the declarations must agree with them, column by column. */
const agreesWithTable = (entity: AnyEntityFields, table: PgTable, notFields: string[]) => {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  expect(Object.keys(entity.fields).map(columnKey).sort()).toEqual(
    Object.keys(columns)
      .filter((key) => !notFields.includes(key))
      .sort(),
  );
  for (const [name, field] of Object.entries<FieldDeclaration>(entity.fields)) {
    const column = columns[columnKey(name)] as PgColumn;
    expect(column.notNull, `${entity.name}.${name}: required`).toBe(Boolean(field.required));
    if (field.default !== undefined) expect(column.default, `${entity.name}.${name}: default`).toBe(field.default);
  }
};

const ROW_DATES = { createdAt: new Date('2026-01-02T03:04:05.000Z'), lastLoginAt: new Date('2026-02-03T04:05:06.000Z'), version: 3 };

describe('admins and users: each field declared once (shared/entities/admins.ts, users.ts)', () => {
  it('declare the columns of their hand-written tables, with the same required fields, defaults and link rule', () => {
    agreesWithTable(adminFields, admins, [
      'id',
      'createdAt',
      'version',
      'passwordHash',
      'totpSecret',
      'totpEnabledAt',
      'totpLastStep',
      'passkeyCount',
      'searchText',
    ]);
    agreesWithTable(userFields, users, ['id', 'createdAt', 'version', 'nameFolded', 'emailFolded']);
    // A company's deletion empties its users' link (the table's `set null`), so it is no refusal of the company's.
    const [link] = getTableConfig(users).foreignKeys;
    expect(link?.onDelete).toBe('set null');
    expect(userFields.fields.organisation_id.onDelete).toBe('setEmpty');
  });

  it('keep the audit trail’s labels, so that their line in the registry changes none', () => {
    expect(AUDIT_ENTITY_LABELS.admin).toBe(adminFields.label);
    expect(AUDIT_ENTITY_LABELS.user).toBe(userFields.label);
  });

  it('map a row to the record the contract answers, never an admin’s secrets', () => {
    const adminRow: AdminRow = {
      id: 'a'.repeat(24),
      name: 'Ada',
      email: 'ada@example.com',
      passwordHash: 'scrypt$secret',
      role: 'finance',
      totpSecret: 'TOTPSECRET',
      totpEnabledAt: null,
      totpLastStep: null,
      passkeyCount: 0,
      searchText: null,
      ...ROW_DATES,
    };
    const admin = toAdminDto(adminRow);
    expect(adminRecord.parse(admin)).toEqual({
      _id: adminRow.id,
      name: 'Ada',
      email: 'ada@example.com',
      role: 'finance',
      last_login_at: '2026-02-03T04:05:06.000Z',
      created_at: '2026-01-02T03:04:05.000Z',
      version: 3,
    });
    expect(JSON.stringify(admin)).not.toMatch(/secret|SECRET/);

    const userRow = { id: 'b'.repeat(24), name: 'Bob', email: 'bob@example.com', organisationId: 'c'.repeat(24), invited: true, ...ROW_DATES } as UserRow;
    expect(userRecord.parse(toUserDto(userRow, 'Cèdre'))).toEqual({
      _id: userRow.id,
      name: 'Bob',
      email: 'bob@example.com',
      organisation_id: 'c'.repeat(24),
      organisation_name: 'Cèdre',
      invited: true,
      last_login_at: '2026-02-03T04:05:06.000Z',
      created_at: '2026-01-02T03:04:05.000Z',
      version: 3,
    });
  });

  it('derive the bodies’ special shapes: no sort key, a role left out but never emptied, a change required, a company’s name ignored', () => {
    expect(adminContract.searchBody.safeParse({ search: 'ada', sort: { created_at: 1 } }).data).toEqual({ search: 'ada', offset: 0, limit: 10 });
    expect(userContract.searchBody.safeParse({ organisation_id: 'c'.repeat(24), sort: { created_at: 1 } }).data).toEqual({
      organisation_id: 'c'.repeat(24),
      offset: 0,
      limit: 10,
    });

    const create = (body: object) => adminContract.createBody.safeParse(body);
    expect(create({ name: ' Ada ', email: 'ADA@example.com' }).data).toEqual({ name: 'Ada', email: 'ada@example.com' });
    expect(create({ name: 'Ada', email: 'ada@example.com', role: null }).success).toBe(false);
    expect(create({ name: 'Ada', email: 'ada@example.com', role: 'root' }).success).toBe(false);
    const refusal = adminContract.updateBody.safeParse({ version: 2 }).error?.issues[0];
    expect(refusal).toMatchObject({ message: 'name, email or role is required', path: ['_'] });
    expect(adminContract.updateBody.safeParse({ name: null }).success).toBe(false);

    const update = (body: object) => userContract.updateBody.safeParse(body);
    expect(update({ organisation_id: null, organisation_name: 'Ignored' }).data).toEqual({ organisation_id: null, organisation_name: 'Ignored' });
    expect(update({ organisation_id: '' }).success).toBe(false);
    expect(update({ name: null }).success).toBe(false);
    expect(update({ invited: false, last_login_at: null }).data).toEqual({});

    const invite = (body: object) => userInviteBody.safeParse(body);
    expect(invite({ name: 'Bob', email: 'bob@example.com', organisation_id: 'c'.repeat(24), invited: true }).success).toBe(true);
    expect(invite({ name: 'Bob', email: 'bob@example.com' }).error?.issues.map((issue) => issue.path)).toEqual([['organisation_id']]);
    expect(invite({ name: 'Bob', email: 'bob@example.com', organisation_id: 'c'.repeat(24), invited: false }).success).toBe(false);
  });
});

import type { Role } from '../../shared/catalogue/permissions';
/** Deterministic demo administrators (names are fictional). The owner, whose console is the spec's. */
export const DEMO_CREDENTIALS = { email: 'admin@example.com', password: 'demo-admin-1' } as const;

/** One demo admin of each other role (shared/catalogue/permissions.ts), listed with their passwords in the README. */
export const DEMO_ROLE_ADMINS = [
  { role: 'finance', name: 'Fanny Finance', email: 'finance@example.com', password: 'demo-finance-1' },
  { role: 'operations', name: 'Oscar Operations', email: 'operations@example.com', password: 'demo-operations-1' },
  { role: 'support', name: 'Sacha Support', email: 'support@example.com', password: 'demo-support-1' },
] as const satisfies ReadonlyArray<{ role: Role; name: string; email: string; password: string }>;

const firstNames = ['Camille', 'Léa', 'Hugo', 'Louis', 'Chloé', 'Inès', 'Jules', 'Manon', 'Arthur', 'Zoé', 'Nathan', 'Sarah', 'Gabriel', 'Emma'];
const lastNames = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent'];

export interface DemoAdmin {
  name: string;
  email: string;
  /** Days before the seed time of the admin's last sign-in, or null for one who never signed in. */
  lastLoginDaysAgo: number | null;
  createdDaysAgo: number;
}

const ascii = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function demoAdmins(count = 24): DemoAdmin[] {
  return Array.from({ length: count }, (_, index) => {
    const first = firstNames[index % firstNames.length] ?? 'Alex';
    const last = lastNames[(index * 5) % lastNames.length] ?? 'Martin';
    return {
      name: `${first} ${last}`,
      email: `${ascii(first)}.${ascii(last)}${index}@example.com`,
      lastLoginDaysAgo: index % 4 === 3 ? null : (index * 3) % 40,
      createdDaysAgo: 60 + index * 2,
    };
  });
}

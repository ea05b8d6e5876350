import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { ACTIVITY_DOMAINS, DOMAIN_NAMES } from '../../../shared/catalogue/domains';
import { createdAtOf, g, idOf, pickFrom, rowSeries } from './sqlValues';
import { CITIES, COMPANY_PREFIXES, COMPANY_STEMS, POSTAL_CODES } from './words';

/** Sub-domains flattened, seven a domain: sub-domain s of domain d is element 7d + s. */
const SUB_DOMAINS = DOMAIN_NAMES.flatMap((domain) => ACTIVITY_DOMAINS[domain]);
const SUBS_PER_DOMAIN = ACTIVITY_DOMAINS[DOMAIN_NAMES[0]!].length;

/** Row g's activity domain (g mod 13) and one of that domain's sub-domains. */
export const domainSql = pickFrom(DOMAIN_NAMES, g);
export const subDomainSql = sql`(${pickFrom(SUB_DOMAINS, sql`(${g} % ${sql.raw(String(DOMAIN_NAMES.length))}) * ${sql.raw(String(SUBS_PER_DOMAIN))} + (${g} * 5 + 1) % ${sql.raw(String(SUBS_PER_DOMAIN))}`)})`;

/** Companies with every column filled, as the demo data has them. */
export async function seedCompanies(db: Database, rows: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO companies (id, name, siret, phone, email, street_number, route, city, postal_code, country, activity_domain,
      sub_activity_domain, description, legal_status, employees, turnover, creation_year, website, logo_url, credit_balance, created_at)
    SELECT ${idOf('companies', g)},
      ${pickFrom(COMPANY_PREFIXES, g)} || ' ' || ${pickFrom(COMPANY_STEMS, sql`g / 12 + g`)} || ' ' || g,
      left((40000000000000 + g::bigint * 7919017)::text, 14),
      '+33 1 ' || lpad((g % 100)::text, 2, '0') || ' ' || lpad((g * 7 % 100)::text, 2, '0') || ' ' || lpad((g * 13 % 100)::text, 2, '0'),
      'contact@company-' || g || '.example',
      (g * 13 % 180 + 1)::text,
      'rue de la République',
      ${pickFrom(CITIES, sql`g * 7 + 3`)},
      ${pickFrom(POSTAL_CODES, sql`g * 7 + 3`)},
      'France',
      ${domainSql},
      ${subDomainSql},
      'Entreprise de services aux professionnels, clients dans toute la France, devis sous 48 heures.',
      ${pickFrom(['SAS', 'SARL', 'SA', 'EURL', 'SASU'], sql`g * 11`)},
      ${pickFrom(['1-9', '10-19', '20-49', '50-99', '100-249', '250+'], sql`g * 17`)},
      50000 + (g::bigint * 104729) % 9950000,
      1975 + g * 37 % 50,
      'https://www.company-' || g || '.example',
      'https://cdn.example/logos/' || g || '.png',
      (g::bigint * 7919) % 10000 - 2000,
      ${createdAtOf(g, rows)}
    FROM ${rowSeries(rows)}`);
}

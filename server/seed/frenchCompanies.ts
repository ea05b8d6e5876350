import { ACTIVITY_DOMAINS, DOMAIN_NAMES } from '../../shared/catalogue/domains';

/** Deterministic fictional French companies, shared by the demo data, the registry stand-in and the bench; the fields are the company columns. */
export interface FictionalCompany {
  name: string;
  siret: string;
  streetNumber: string;
  route: string;
  city: string;
  postalCode: string;
  country: string;
  activityDomain: string;
  subActivityDomain: string;
  legalStatus: string;
  employees: string;
  turnover: number;
  creationYear: number;
  phone: string;
  website: string;
  email: string;
}

/** The words fictional company names are made of (also the bench's seeded names). */
export const COMPANY_PREFIXES = [
  'Atelier',
  'Groupe',
  'Maison',
  'Studio',
  'Agence',
  'Compagnie',
  'Cabinet',
  'Bureau',
  'Collectif',
  'Comptoir',
  'Fabrique',
  'Réseau',
];
export const COMPANY_STEMS = [
  'Lumière',
  'Horizon',
  'Azur',
  'Boréal',
  'Cèdre',
  'Quartz',
  'Colibri',
  'Mistral',
  'Ardoise',
  'Garance',
  'Opale',
  'Sillage',
  'Tournesol',
  'Vermeil',
  'Zénith',
  'Alizé',
  'Basalte',
  'Cobalt',
  'Dune',
  'Écume',
  'Falaise',
  'Grenat',
  'Iris',
  'Jade',
  'Lagune',
];
export const CITIES = [
  ['Paris', '75011'],
  ['Lyon', '69002'],
  ['Marseille', '13006'],
  ['Toulouse', '31000'],
  ['Nantes', '44000'],
  ['Bordeaux', '33000'],
  ['Lille', '59000'],
  ['Strasbourg', '67000'],
  ['Rennes', '35000'],
  ['Montpellier', '34000'],
  ['Nice', '06000'],
  ['Grenoble', '38000'],
] as const;
const streets = [
  'rue de la République',
  'avenue Jean Jaurès',
  'boulevard Voltaire',
  'rue Nationale',
  'place du Marché',
  'rue des Lilas',
  'quai de la Loire',
  'allée des Tilleuls',
];
const legalStatuses = ['SAS', 'SARL', 'SA', 'EURL', 'SASU'];
const headcounts = ['1-9', '10-19', '20-49', '50-99', '100-249', '250+'];

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;
const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function fictionalCompany(index: number): FictionalCompany {
  const domain = pick(DOMAIN_NAMES, index);
  const subDomains = ACTIVITY_DOMAINS[domain];
  const [city, postalCode] = pick(CITIES, index * 7 + 3);
  const name = `${pick(COMPANY_PREFIXES, index)} ${pick(COMPANY_STEMS, Math.floor(index / COMPANY_PREFIXES.length) + index)}${index >= COMPANY_PREFIXES.length * COMPANY_STEMS.length ? ` ${Math.floor(index / 300) + 1}` : ''}`;
  const domainName = slug(name);
  return {
    name,
    siret: String(40_000_000_000_000 + index * 7_919_017)
      .padStart(14, '0')
      .slice(0, 14),
    streetNumber: String(((index * 13) % 180) + 1),
    route: pick(streets, index * 3),
    city,
    postalCode,
    country: 'France',
    activityDomain: domain,
    subActivityDomain: pick(subDomains, index * 5 + 1),
    legalStatus: pick(legalStatuses, index * 11),
    employees: pick(headcounts, index * 17),
    turnover: 50_000 + ((index * 104_729) % 9_950_000),
    creationYear: 1975 + ((index * 37) % 50),
    phone: `+33 1 ${String(40 + (index % 60)).padStart(2, '0')} ${String((index * 7) % 100).padStart(2, '0')} ${String((index * 13) % 100).padStart(2, '0')} ${String((index * 29) % 100).padStart(2, '0')}`,
    website: `https://www.${domainName}.example`,
    email: `contact@${domainName}.example`,
  };
}

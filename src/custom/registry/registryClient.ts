import { isActivityDomain } from '../../../shared/catalogue/domains';
import type { RegistryEntry } from '../../../shared/contract/registry';

/** Suggestions are asked for only past 2 characters. */
export const REGISTRY_MIN_QUERY_LENGTH = 3;

export async function searchRegistry(
  query: string,
  options: { url: string; token: string; fetch?: typeof fetch; signal?: AbortSignal },
): Promise<RegistryEntry[]> {
  const params = new URLSearchParams({ q: query, api_token: options.token });
  const response = await (options.fetch ?? fetch)(`${options.url}/recherche?${params}`, { signal: options.signal });
  if (!response.ok) throw new Error(`registry answered ${response.status}`);
  const body = (await response.json()) as { entreprises?: RegistryEntry[] };
  return body.entreprises ?? [];
}

/** The company form fields a registry entry fills; what the entry lacks is left out. */
export function registryToCompanyFields(entry: RegistryEntry): Record<string, string | number> {
  const seat = entry.siege ?? {};
  const year = Number(entry.date_creation?.slice(0, 4));
  const fields: Record<string, string | number | null | undefined> = {
    name: entry.denomination || entry.nom_entreprise,
    siret: seat.siret,
    street_number: seat.numero_voie,
    route: seat.libelle_voie ?? seat.adresse_ligne_1,
    city: seat.ville,
    postal_code: seat.code_postal,
    country: seat.pays,
    legal_status: entry.forme_juridique,
    employees: entry.effectif,
    turnover: entry.chiffre_affaires,
    creation_year: Number.isInteger(year) && year > 0 ? year : undefined,
    activity_domain: entry.domaine_activite && isActivityDomain(entry.domaine_activite) ? entry.domaine_activite : undefined,
  };
  return Object.fromEntries(
    Object.entries(fields).filter((pair): pair is [string, string | number] => pair[1] !== undefined && pair[1] !== null && pair[1] !== ''),
  );
}

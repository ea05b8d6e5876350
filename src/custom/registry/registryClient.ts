import { isActivityDomain } from '../../../shared/catalogue/domains';

/** One company as the external registry answers it (spec §7). */
export interface RegistryCompany {
  nom_entreprise: string;
  denomination?: string | null;
  siege?: {
    siret?: string | null;
    numero_voie?: string | null;
    libelle_voie?: string | null;
    adresse_ligne_1?: string | null;
    ville?: string | null;
    code_postal?: string | null;
    pays?: string | null;
  } | null;
  domaine_activite?: string | null;
  forme_juridique?: string | null;
  effectif?: string | null;
  chiffre_affaires?: number | null;
  date_creation?: string | null;
}

/** Spec §5/§9: suggestions are asked for only past 2 characters. */
export const REGISTRY_MIN_QUERY_LENGTH = 3;

export async function searchRegistry(
  query: string,
  options: { url: string; token: string; fetch?: typeof fetch; signal?: AbortSignal },
): Promise<RegistryCompany[]> {
  const params = new URLSearchParams({ q: query, api_token: options.token });
  const response = await (options.fetch ?? fetch)(`${options.url}/recherche?${params}`, { signal: options.signal });
  if (!response.ok) throw new Error(`registry answered ${response.status}`);
  const body = (await response.json()) as { entreprises?: RegistryCompany[] };
  return body.entreprises ?? [];
}

/** The company form fields a registry entry fills; what the entry lacks is left out. */
export function registryToCompanyFields(entry: RegistryCompany): Record<string, string | number> {
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

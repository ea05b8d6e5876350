import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../lib/errors';
import { parseInput } from '../lib/validation';
import { fictionalCompany, type FictionalCompany } from '../seed/frenchCompanies';

/** The registry's answer shape (spec §7). */
interface RegistryCompany {
  nom_entreprise: string;
  denomination: string;
  siege: {
    siret: string;
    numero_voie: string;
    libelle_voie: string;
    adresse_ligne_1: string;
    ville: string;
    code_postal: string;
    pays: string;
  };
  domaine_activite: string;
  forme_juridique: string;
  effectif: string;
  chiffre_affaires: number;
  date_creation: string;
}

const SAMPLE_SIZE = 300;
const MAX_RESULTS = 10;

const toRegistryShape = (company: FictionalCompany, index: number): RegistryCompany => ({
  nom_entreprise: company.name.toUpperCase(),
  denomination: company.name,
  siege: {
    siret: company.siret,
    numero_voie: company.streetNumber,
    libelle_voie: company.route,
    adresse_ligne_1: `${company.streetNumber} ${company.route}`,
    ville: company.city,
    code_postal: company.postalCode,
    pays: company.country,
  },
  domaine_activite: company.activityDomain,
  forme_juridique: company.legalStatus,
  effectif: company.employees,
  chiffre_affaires: company.turnover,
  date_creation: `${company.creationYear}-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
});

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The bundled sample, built once: a few hundred fictional companies. */
const sample = Array.from({ length: SAMPLE_SIZE }, (_, index) => toRegistryShape(fictionalCompany(index), index));
const searchable = sample.map((company) => ({ company, key: fold(`${company.denomination} ${company.siege.siret}`) }));

const query = z.object({ q: z.string().trim().min(1).max(100), api_token: z.string().min(1).max(200) });

/**
 * A stand-in for the external company registry (decisions.md): `GET /registry/recherche?q=&api_token=`
 * in the registry's shape, from the bundled sample, so that the lookup works offline.
 */
export async function registryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/registry/recherche', async (request) => {
    const { q, api_token } = parseInput(query, request.query);
    if (api_token !== app.config.registryToken) throw new AppError(401, 'UNAUTHORIZED');
    const needle = fold(q);
    const entreprises = searchable
      .filter(({ key }) => key.includes(needle))
      .slice(0, MAX_RESULTS)
      .map(({ company }) => company);
    return { entreprises, total: entreprises.length };
  });
}

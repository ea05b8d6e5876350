import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { fictionalCompany, type FictionalCompany } from '../seed/frenchCompanies';
import { registryQuery, registrySearchAnswer, type RegistryCompany } from '../../shared/contract/registry';

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

const sample = Array.from({ length: SAMPLE_SIZE }, (_, index) => toRegistryShape(fictionalCompany(index), index));
const searchable = sample.map((company) => ({ company, key: fold(`${company.denomination} ${company.siege.siret}`) }));

/** A stand-in for the external company registry, in its shape, from a bundled sample, so that the lookup works offline. */
export async function registryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Registry'];
  app.get(
    '/registry/recherche',
    {
      schema: {
        tags,
        summary: 'Look companies up by name or SIRET in the registry stand-in (its own shape, no envelope)',
        querystring: registryQuery,
        response: { 200: registrySearchAnswer },
      },
    },
    async (request) => {
      const { q, api_token } = request.query;
      if (api_token !== app.config.registryToken) throw new AppError(401, 'UNAUTHORIZED');
      const needle = fold(q);
      const entreprises = searchable
        .filter(({ key }) => key.includes(needle))
        .slice(0, MAX_RESULTS)
        .map(({ company }) => company);
      return { entreprises, total: entreprises.length };
    },
  );
}

import { describe, expect, it } from 'vitest';
import { useSignedInServer } from '../helpers/testServer';

const ctx = useSignedInServer();

describe('GET /registry/recherche (the registry stand-in)', () => {
  const search = (query: string) => ctx.server.app.inject({ method: 'GET', url: `/api/registry/recherche?${query}` });

  it('answers companies in the registry shape', async () => {
    const body = (await search('q=atelier&api_token=demo-registry-token')).json();
    expect(body.entreprises.length).toBeGreaterThan(0);
    expect(body.entreprises.length).toBeLessThanOrEqual(10);
    expect(body.entreprises[0]).toMatchObject({
      nom_entreprise: expect.stringMatching(/^ATELIER /),
      denomination: expect.stringMatching(/^Atelier /),
      siege: {
        siret: expect.stringMatching(/^\d{14}$/),
        numero_voie: expect.any(String),
        libelle_voie: expect.any(String),
        adresse_ligne_1: expect.any(String),
        ville: expect.any(String),
        code_postal: expect.stringMatching(/^\d{5}$/),
        pays: 'France',
      },
      domaine_activite: expect.any(String),
      forme_juridique: expect.any(String),
      effectif: expect.any(String),
      chiffre_affaires: expect.any(Number),
      date_creation: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('matches without regard to accents or case', async () => {
    const body = (await search(`q=${encodeURIComponent('LUMIERE')}&api_token=demo-registry-token`)).json();
    expect(body.entreprises.every((company: { denomination: string }) => company.denomination.includes('Lumière'))).toBe(true);
    expect(body.entreprises.length).toBeGreaterThan(0);
  });

  it('refuses a wrong token and a missing query', async () => {
    expect((await search('q=atelier&api_token=wrong-token')).statusCode).toBe(401);
    expect((await search('api_token=demo-registry-token')).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

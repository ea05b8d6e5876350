import { describe, expect, it, vi } from 'vitest';
import { registryToCompanyFields, searchRegistry } from '../../src/custom/registry/registryClient';

describe('registry lookup', () => {
  it('maps a registry entry onto the company form fields', () => {
    expect(
      registryToCompanyFields({
        nom_entreprise: 'ATELIER AZUR',
        denomination: 'Atelier Azur',
        siege: {
          siret: '12345678901234',
          numero_voie: '8',
          libelle_voie: 'rue Nationale',
          adresse_ligne_1: '8 rue Nationale',
          ville: 'Lille',
          code_postal: '59000',
          pays: 'France',
        },
        domaine_activite: 'Mobilier',
        forme_juridique: 'SAS',
        effectif: '10-19',
        chiffre_affaires: 420000,
        date_creation: '2004-05-06',
      }),
    ).toEqual({
      name: 'Atelier Azur',
      siret: '12345678901234',
      street_number: '8',
      route: 'rue Nationale',
      city: 'Lille',
      postal_code: '59000',
      country: 'France',
      legal_status: 'SAS',
      employees: '10-19',
      turnover: 420000,
      creation_year: 2004,
      activity_domain: 'Mobilier',
    });
  });

  it('leaves out what the entry lacks and a domain outside the catalogue', () => {
    expect(registryToCompanyFields({ nom_entreprise: 'SOLO', domaine_activite: 'Astrologie', siege: null })).toEqual({ name: 'SOLO' });
  });

  it('asks {url}/recherche with q and api_token, and rejects on a failed answer', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ entreprises: [{ nom_entreprise: 'A' }] })));
    const found = await searchRegistry('ate lier', { url: 'http://reg.test', token: 'tok', fetch: fetch as unknown as typeof globalThis.fetch });
    expect(found).toEqual([{ nom_entreprise: 'A' }]);
    expect(fetch).toHaveBeenCalledWith('http://reg.test/recherche?q=ate+lier&api_token=tok', expect.anything());
    const failing = vi.fn(async () => new Response('{}', { status: 500 }));
    await expect(searchRegistry('x', { url: 'http://reg.test', token: 't', fetch: failing as unknown as typeof globalThis.fetch })).rejects.toThrow('500');
  });
});

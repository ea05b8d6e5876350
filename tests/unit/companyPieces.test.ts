import { describe, expect, it, vi } from 'vitest';
import { ACTIVITY_DOMAINS, DOMAIN_NAMES, isSubDomainOf, subDomainsOf } from '../../shared/catalogue/domains';
import { CREDIT_RATIOS, PRICE_UNITS, formatRatioAsPercent, percentToRatio, ratioToPercent } from '../../shared/catalogue/offerOptions';
import { EMERGENCIES, NEED_STATUSES } from '../../shared/catalogue/needOptions';
import { relativeTime } from '../../shared/catalogue/relativeTime';
import { registryToCompanyFields, searchRegistry } from '../../src/custom/registry/registryClient';

describe('catalogue (spec §3)', () => {
  it('has the thirteen activity domains in order, each with seven distinct sub-domains', () => {
    expect(DOMAIN_NAMES).toEqual([
      'Ventes et Marketing',
      'Expert IA',
      'Design et Création',
      'Média et Publicité',
      'Événementiel',
      'Impression & Goodies',
      'Compta/ Légal',
      'Vin/Spiritueux',
      'Agroalimentaire',
      'Séminaires Hôtels Voyages',
      'Services généraux',
      'Mobilier',
      'Électronique',
    ]);
    for (const subDomains of Object.values(ACTIVITY_DOMAINS)) expect(new Set(subDomains).size).toBe(7);
    expect(subDomainsOf('Mobilier')).toContain('Rangement');
    expect(subDomainsOf(undefined)).toEqual([]);
    expect(isSubDomainOf('Mobilier', 'Vins')).toBe(false);
  });

  it('has the units, percents, urgencies and statuses', () => {
    expect(PRICE_UNITS).toEqual(['Non communiqué', 'forfait', 'heure', 'jour', 'mois', 'annuel', 'unite']);
    expect(CREDIT_RATIOS).toEqual([1, 0.75, 0.5]);
    expect(EMERGENCIES).toEqual(['Maintenant', 'Dans la semaine', "D'ici un mois", "Pas d'urgence"]);
    expect(NEED_STATUSES).toEqual(['en cours', 'été traité', 'non dispo']);
  });

  it('turns percents into fractions and back', () => {
    expect(percentToRatio(75)).toBe(0.75);
    expect(ratioToPercent(0.5)).toBe(50);
    expect(formatRatioAsPercent(1)).toBe('100%');
    expect(formatRatioAsPercent(null)).toBe('');
  });
});

describe('relativeTime (spec §9 units)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it.each([
    [5, '5 seconds ago'],
    [1, '1 second ago'],
    [90, '1 minute ago'],
    [2 * 3600, '2 hours ago'],
    [3 * 86_400, '3 days ago'],
    [29 * 86_400, '29 days ago'],
    [30 * 86_400, '1 month ago'],
    [364 * 86_400, '12 months ago'],
    [365 * 86_400, '1 year ago'],
    [800 * 86_400, '2 years ago'],
  ])('%i seconds → %s', (seconds, expected) => {
    expect(relativeTime(ago(seconds), now)).toBe(expected);
  });
  it('says just now for the present or a future date', () => {
    expect(relativeTime(now, now)).toBe('just now');
    expect(relativeTime(ago(-60), now)).toBe('just now');
  });
});

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

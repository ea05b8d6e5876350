import { describe, expect, it } from 'vitest';
import { ACTIVITY_DOMAINS, DOMAIN_NAMES, isSubDomainOf, subDomainsOf } from '../../shared/catalogue/domains';

describe('activity domains: thirteen in a fixed order, seven sub-domains each', () => {
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
});

import { describe, expect, it } from 'vitest';
import { EMERGENCIES, NEED_STATUSES } from '../../shared/catalogue/needOptions';

describe('need options: four urgencies, three statuses', () => {
  it('has the urgencies and statuses', () => {
    expect(EMERGENCIES).toEqual(['Maintenant', 'Dans la semaine', "D'ici un mois", "Pas d'urgence"]);
    expect(NEED_STATUSES).toEqual(['en cours', 'été traité', 'non dispo']);
  });
});

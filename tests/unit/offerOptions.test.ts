import { describe, expect, it } from 'vitest';
import { CREDIT_RATIOS, PRICE_UNITS, formatRatioAsPercent, percentToRatio, ratioToPercent } from '../../shared/catalogue/offerOptions';

describe('offer options: seven price units, credit paid at 100, 75 or 50 percent', () => {
  it('has the units and percents', () => {
    expect(PRICE_UNITS).toEqual(['Non communiqué', 'forfait', 'heure', 'jour', 'mois', 'annuel', 'unite']);
    expect(CREDIT_RATIOS).toEqual([1, 0.75, 0.5]);
  });

  it('turns percents into fractions and back', () => {
    expect(percentToRatio(75)).toBe(0.75);
    expect(ratioToPercent(0.5)).toBe(50);
    expect(formatRatioAsPercent(1)).toBe('100%');
    expect(formatRatioAsPercent(null)).toBe('');
  });
});

/** Price units, and the credit ratio choices stored as a fraction (percent / 100). */
export const PRICE_UNITS = ['Non communiqué', 'forfait', 'heure', 'jour', 'mois', 'annuel', 'unite'] as const;

export const CREDIT_PERCENTS = [100, 75, 50] as const;
export const CREDIT_RATIOS = CREDIT_PERCENTS.map((percent) => percent / 100);

export const percentToRatio = (percent: number): number => percent / 100;
export const ratioToPercent = (ratio: number): number => Math.round(ratio * 100);
export const formatRatioAsPercent = (ratio: number | null | undefined): string => (ratio === null || ratio === undefined ? '' : `${ratioToPercent(ratio)}%`);

const UNITS: ReadonlyArray<[number, string]> = [
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** An axis tick in a few characters, so that it fits its axis whole: 60000 → '60K', 1250000 → '1.3M', 950 → '950'. */
export function compactTick(value: number): string {
  const size = Math.abs(value);
  const unit = UNITS.find(([step]) => size >= step);
  if (!unit) return String(Number(value.toFixed(2)));
  return `${value < 0 ? '-' : ''}${Number((size / unit[0]).toFixed(1))}${unit[1]}`;
}

/** Roughly the widest character of the axis labels' 12 px type, and the space between a label and its tick. */
const LABEL_CHAR_PX = 7;
const LABEL_GAP_PX = 12;
/** A category axis never takes more; a longer label is shortened by the chart, and written whole in the figures below. */
export const MAX_LABEL_AXIS_PX = 200;

/** The width a category axis needs for its longest label: the labels are not cut short ("Séminaires Hôtels Voyages"). */
export const labelAxisWidth = (labels: string[]): number =>
  Math.min(MAX_LABEL_AXIS_PX, Math.max(40, Math.ceil(Math.max(0, ...labels.map((label) => label.length)) * LABEL_CHAR_PX + LABEL_GAP_PX)));

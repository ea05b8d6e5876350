import { createTheme, type PaletteMode } from '@mui/material';
import { describe, expect, it } from 'vitest';
import { baseThemeOptions } from '../../src/custom/layout/baseTheme';
import { palettes } from '../../src/custom/layout/palette';

/** WCAG 2.x relative luminance of an opaque `#rrggbb` colour. */
function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not an opaque #rrggbb colour: ${hex}`);
  const [red, green, blue] = match.slice(1).map((channel) => {
    const value = parseInt(channel, 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG contrast ratio, from 1 (same colour) to 21 (black on white). */
function contrastRatio(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

describe('the contrast ratio itself', () => {
  it('is 21 for black on white, 1 for a colour on itself, and 3.12 for the old white-on-blue app bar', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0F6E6E', '#0F6E6E')).toBe(1);
    expect(contrastRatio('#FFFFFF', '#2196F3')).toBeCloseTo(3.12, 2);
  });
});

describe.each<PaletteMode>(['light', 'dark'])('%s theme: every text on its surface reads at AA (4.5:1)', (mode) => {
  // The colours as the theme the screens get resolves them, plus the product's own surfaces.
  const { palette } = createTheme(baseThemeOptions(mode));
  const brand = palettes[mode];
  const surfaces = { page: palette.background.default, paper: palette.background.paper };

  const pairs: [string, string, string][] = [
    ['text on the page', palette.text.primary, surfaces.page],
    ['text on paper', palette.text.primary, surfaces.paper],
    ['secondary text on the page', palette.text.secondary, surfaces.page],
    ['secondary text on paper', palette.text.secondary, surfaces.paper],
    ['app bar title and buttons', brand.appBar.text, brand.appBar.background],
    ['primary button text', palette.primary.contrastText, palette.primary.main],
    ['primary button text, hovered', palette.primary.contrastText, palette.primary.dark],
    ['secondary button text', palette.secondary.contrastText, palette.secondary.main],
    ['links and text buttons on paper', palette.primary.main, surfaces.paper],
    ['links and text buttons on the page', palette.primary.main, surfaces.page],
    ['accent text on paper', palette.secondary.main, surfaces.paper],
    ['error text (Delete) on paper', palette.error.main, surfaces.paper],
    ['error text (Delete) on the form toolbar', palette.error.main, brand.toolbar],
    ['current menu entry', brand.menuActive.text, brand.menuActive.background],
    ['other menu entries (secondary text) on the page', palette.text.secondary, surfaces.page],
    ['table headers', brand.tableHead.text, brand.tableHead.background],
    ['sort labels (secondary text) in table headers', palette.text.secondary, brand.tableHead.background],
    ['filled field labels (secondary text)', palette.text.secondary, brand.input],
    ['filled field values', palette.text.primary, brand.input],
    ...(['error', 'warning', 'info', 'success'] as const).map((tone): [string, string, string] => [
      `${tone} toast`,
      palette[tone].contrastText,
      palette[tone].main,
    ]),
  ];

  it.each(pairs)('%s', (_name, foreground, background) => {
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['page', surfaces.page],
    ['paper', surfaces.paper],
    ['current menu entry', brand.menuActive.background],
    ['table header', brand.tableHead.background],
  ])('the focus outline stands out (3:1) on the %s', (_name, surface) => {
    expect(contrastRatio(brand.focusRing, surface)).toBeGreaterThanOrEqual(3);
  });
});

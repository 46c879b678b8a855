/**
 * The five colours every chart cycles through (series or slice i takes colour i mod 5): design
 * tokens from tokens.css, read at run time so the charts follow the theme. Order matters: each
 * neighbour differs in hue and lightness, so adjacent pie slices stay apart.
 */
const CHART_COLOR_TOKENS = [
  '--color-brand-500',
  '--color-accent-strong',
  '--color-info',
  '--color-success',
  '--color-danger',
] as const;

export interface ChartTheme {
  colors: string[];
  text: string;
  grid: string;
  surface: string;
  font: string;
}

/** The tokens the charts draw with, read from the document's computed custom properties. */
export function readChartTheme(): ChartTheme {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return {
    colors: CHART_COLOR_TOKENS.map(token),
    text: token('--color-text-muted'),
    grid: token('--color-border'),
    surface: token('--color-surface'),
    font: token('--font-sans'),
  };
}

export function colorAt(theme: ChartTheme, index: number): string {
  return theme.colors[index % theme.colors.length] ?? theme.text;
}

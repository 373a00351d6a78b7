import type { Theme } from './cookies';

/**
 * The primary colour of each navbar theme, from antd's palette. Blue is antd's default
 * (white on it 4.1:1, what the console has always used); the others are the palette's darker
 * steps so that white text on a primary button meets WCAG AA (5.4–6.9:1). The side menu
 * keeps the spec's orange.
 */
export const THEME_COLORS: Record<Theme, string> = {
  blue: '#1677ff',
  orange: '#ad4e00',
  green: '#237804',
  purple: '#722ed1',
  red: '#cf1322',
  cyan: '#006d75',
};

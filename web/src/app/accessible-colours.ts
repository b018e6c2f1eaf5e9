import type { MantineColorsTuple } from '@mantine/core';

/**
 * The palettes that carry text and badges (UI.md's colours per meaning: positive green, intermediate yellow,
 * negative red, neutral grey, work under way blue, kinds indigo; orange for warnings): Mantine's own shades 0–5
 * (tints, backgrounds), shades 6–9 darkened in the same hue until text meets WCAG AA (docs/accessibility.md):
 * shade 6 reaches 6:1 on white (Mantine's green 6 gives 2.4:1, yellow 6 1.9:1), so that a filled button's white
 * text, a light badge's text on its tint (about 5:1) and an outline badge's text all pass 4.5:1, and shades 7–9
 * reach 6.8, 7.6 and 8.5:1. `--mantine-color-dimmed` is gray 6, so secondary text passes too (6.2:1).
 * Made from Mantine's DEFAULT_THEME by lowering the HSL lightness; the chart-only palettes stay Mantine's.
 */
export const ACCESSIBLE_COLOURS: Record<string, MantineColorsTuple> = {
  green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#257032', '#20682d', '#1c5f29', '#1b5727'],
  yellow: ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#825c03', '#7d5100', '#784600', '#763d00'],
  blue: ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#1364ab', '#145b9b', '#135593', '#134e85'],
  red: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#c70606', '#b70e0e', '#a41919', '#921f1f'],
  orange: ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#9f4901', '#963f04', '#8e3707', '#882d09'],
  gray: ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#5c636a', '#495057', '#343a40', '#212529'],
  indigo: ['#edf2ff', '#dbe4ff', '#bac8ff', '#91a7ff', '#748ffc', '#5c7cfa', '#254ff3', '#1f46e7', '#2445c6', '#2d42a7'],
};

/**
 * Props for a tab that opens a page (a route) rather than showing a panel. Mantine names a panel in every tab's
 * `aria-controls`, and the selected tab of a list without panels would point at an element that does not exist
 * (axe's aria-valid-attr-value, docs/accessibility.md). `null`, not `undefined`: Mantine drops undefined props
 * before its own default, while React leaves an attribute given as null out. Spread into each such `Tabs.Tab`.
 */
export const ROUTE_TAB = { 'aria-controls': null as unknown as undefined } as const;

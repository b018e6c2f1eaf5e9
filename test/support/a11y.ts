import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, read once from node_modules. */
let axeSource: string | undefined;
const axeScript = () => (axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

/** The rules axe runs (docs/accessibility.md): WCAG 2.0, 2.1 and 2.2 levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface A11yViolation {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core on the page as it is now and answers its serious and critical violations, each with up to three
 * offending elements (their CSS selectors and HTML). axe is put into the page by evaluating its script: the
 * portal's Content-Security-Policy (script-src 'self') refuses an added script tag, as it should.
 */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeScript());
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; html: string; failureSummary?: string; any: { message: string }[] }[] }[] }> } }).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.html.slice(0, 160)}${n.any[0] ? ` (${n.any[0].message})` : ''}`) }));
  }, AXE_TAGS);
}

/** Fails naming each serious or critical axe violation on the page (`what` says which page, for the message). */
export async function expectNoSeriousA11yViolations(page: Page, what = page.url()): Promise<void> {
  const violations = await seriousA11yViolations(page);
  if (violations.length === 0) return;
  const lines = violations.map((v) => `  ${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n}`).join('\n')}`);
  throw new Error(`accessibility (axe-core) on ${what}:\n${lines.join('\n')}`);
}

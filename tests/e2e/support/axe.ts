// axe-core in a page as it is (evaluated through the devtools protocol, which the page's CSP does not
// govern): the serious and critical violations, each with where it is, so a failure says what to fix.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
}

/** Serious or critical violations within `selector` (the whole page by default). */
export async function seriousAxeViolations(page: Page, selector?: string): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (scope) => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: object): Promise<AxeResult> } }).axe;
    const outcome = await axe.run(scope ?? (globalThis as unknown as { document: unknown }).document, { resultTypes: ['violations'] });
    return outcome.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  }, selector);
}

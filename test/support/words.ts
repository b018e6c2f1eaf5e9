import type { Page } from 'playwright-core';

/**
 * The words of the page's tables that the browser broke inside (a word whose letters lie on more than one line
 * of its cell), each as "word (table)". A table at 1024 px may wrap between words, shorten a cell with an
 * ellipsis or move a column into the row's detail, but never split "Bürohaus" into "Bürohau|s".
 */
export async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const cells = document.querySelectorAll('table th, table td, [role="columnheader"], [role="cell"], [role="gridcell"]');
    for (const cell of cells) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const word = /\S+/g;
        for (let m = word.exec(text); m; m = word.exec(text)) {
          if (m[0].length < 2) continue;
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) {
            const table = (cell as HTMLElement).closest('table');
            found.push(`${m[0]} (${table?.getAttribute('aria-label') ?? table?.querySelector('caption')?.textContent ?? 'table'})`);
          }
        }
      }
    }
    return [...new Set(found)];
  });
}

/** Fails naming every word a table of the page broke inside (`what` says which page, for the message). */
export async function expectNoBrokenWords(page: Page, what = page.url()): Promise<void> {
  const words = await brokenWords(page);
  if (words.length > 0) throw new Error(`words broken inside on ${what}: ${words.join(', ')}`);
}

// Whether a piece of text is drawn as one left-to-right run, character after character: an order
// number in a right-to-left page must not have its leading digits moved beside the Arabic label
// (the Unicode bidi algorithm does that to digits that follow Arabic letters unless they are isolated).
import type { Locator } from 'playwright-core';

// the browser's DOM, as far as the check below uses it (the tests compile without the DOM library)
interface TextNodeLike {
  textContent: string | null;
}
interface RangeLike {
  setStart(node: TextNodeLike, offset: number): void;
  setEnd(node: TextNodeLike, offset: number): void;
  getBoundingClientRect(): { left: number; right: number; top: number };
}
interface DocumentLike {
  createTreeWalker(root: unknown, whatToShow: number): { nextNode(): TextNodeLike | null };
  createRange(): RangeLike;
}

/**
 * True when `text` appears inside `scope` within one text node and each of its characters starts where
 * the one before ended (or on a later line, when the text wraps).
 */
export function readsLeftToRight(scope: Locator, text: string): Promise<boolean> {
  return scope.evaluate((root, wanted) => {
    const doc = (globalThis as unknown as { document: DocumentLike }).document;
    const SHOW_TEXT = 4;
    const walker = doc.createTreeWalker(root, SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const boxes = Array.from(wanted, (_, index) => {
        const range = doc.createRange();
        range.setStart(node, at + index);
        range.setEnd(node, at + index + 1);
        return range.getBoundingClientRect();
      });
      return boxes.every((box, index) => {
        const previous = boxes[index - 1];
        return !previous || box.top > previous.top + 1 || Math.abs(box.left - previous.right) < 1;
      });
    }
    return false;
  }, text);
}

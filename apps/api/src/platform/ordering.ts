// Operator-ordered lists (categories among their siblings, banners of one placement): an item moves one
// place up or down, and the whole list is numbered again 0, 1, 2 ..., so equal or sparse ranks left
// by seeds or older data cannot make a move do nothing.

export type MoveDirection = 'up' | 'down';

/**
 * The ids in their new order after moving `id` one place, or undefined when it cannot move that way
 * (first moving up, last moving down, or not in the list).
 */
export function moveOnePlace(ids: readonly string[], id: string, direction: MoveDirection): string[] | undefined {
  const from = ids.indexOf(id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return undefined;
  const next = [...ids];
  next[from] = ids[to] as string;
  next[to] = id;
  return next;
}

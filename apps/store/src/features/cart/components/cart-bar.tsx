// Placeholder replaced by the cart feature.
export function CartBar() {
  return null;
}

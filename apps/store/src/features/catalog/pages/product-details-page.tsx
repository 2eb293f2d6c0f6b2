// Placeholder: replaced by its feature.
export default function Page() {
  return <div data-placeholder="product-details-page" />;
}

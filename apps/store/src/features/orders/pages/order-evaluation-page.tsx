// Placeholder: replaced by its feature.
export default function Page() {
  return <div data-placeholder="order-evaluation-page" />;
}

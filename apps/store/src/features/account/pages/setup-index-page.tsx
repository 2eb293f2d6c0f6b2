// Placeholder: replaced by its feature.
export default function Page() {
  return <div data-placeholder="setup-index-page" />;
}

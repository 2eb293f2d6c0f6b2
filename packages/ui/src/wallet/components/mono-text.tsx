/** Addresses, hashes and order numbers: left to right whatever the page's direction, and breakable. */
export function MonoText({ value, className }: { value: string | null | undefined; className?: string }) {
  const text = value && value.trim().length > 0 ? value : '--';
  return (
    <span dir="ltr" className={`wallet-mono${className ? ` ${className}` : ''}`}>
      {text}
    </span>
  );
}

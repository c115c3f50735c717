import { Wine } from 'lucide-react';

/** The product's logo: a wine glass in the brand colour. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <span className="brand-mark" style={{ width: size + 12, height: size + 12 }} aria-hidden="true">
      <Wine size={size} strokeWidth={2} />
    </span>
  );
}

import type { ReactNode } from 'react';

/**
 * Stands in for 'react-responsive-carousel', which the data grid imports for its image overlay.
 * The catalogue grid's image cells never open an overlay (allowOverlay: false), so the carousel
 * is left out of the build (vite.config.ts); should one open, its images show one under another.
 */
export function Carousel({ children }: { children?: ReactNode }) {
  return <div className="grid-images">{children}</div>;
}

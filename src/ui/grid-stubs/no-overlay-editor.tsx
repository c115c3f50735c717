/**
 * Stands in for the data grid's overlay editor and its number editor, which it loads lazily when
 * a cell that allows an overlay is opened. Every cell of the catalogue's grid has allowOverlay:
 * false (products are edited in the row editor), so the grid never asks for either, and they and
 * react-number-format are left out of the build (vite.config.ts).
 */
export default function NoOverlayEditor() {
  return null;
}

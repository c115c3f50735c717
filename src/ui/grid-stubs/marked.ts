/**
 * Stands in for the 'marked' package, which the data grid imports for its markdown cells. The
 * catalogue grid has none, so the Markdown parser (a tenth of the whole app's JavaScript budget)
 * is left out of the build (vite.config.ts). Should a markdown cell ever show, its text shows
 * as plain text: escaped, never run as HTML.
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function marked(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char).replace(/\n/g, '<br>');
}

/**
 * Saves a text as a file through the browser's download (a CSV, a label sheet): a link to a
 * Blob, clicked, then let go. With a byte order mark for CSV, so that a spreadsheet reads
 * 'Rosé' as UTF-8.
 */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const bom = type.startsWith('text/csv') ? '\uFEFF' : '';
  downloadBlob(fileName, new Blob([bom, text], { type }));
}

/** Saves a Blob as a file: a link to it, clicked, then let go. */
export function downloadBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The app's IndexedDB database and the stores read without Dexie (by the import worker, which
 * reads the stored catalogue and nothing else): one name for both ways in.
 */
export const DATABASE_NAME = 'vintry';
export const CATALOGUE_STORES = { chunks: 'catalogueChunks', edits: 'catalogueEdits' } as const;

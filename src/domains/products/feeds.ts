import { defineFeed } from '#shared/feed-declaration.ts';
import { CatalogueChangesSchema } from './product-write.ts';

/**
 * The catalogue's changes since a catalogue version: the products changed (as they are now, a new
 * one with the product it follows) and the ids deleted, or `full` when the device must download
 * the whole catalogue instead (it holds none, is too far behind, or missed a change unlogged).
 */
export const catalogueFeed = defineFeed({ name: 'catalogue', answer: CatalogueChangesSchema });

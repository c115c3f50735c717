import { catalogueFeed } from '#domains/products/feeds.ts';
import type { CatalogueChanges } from '#domains/products/product-write.ts';
import { HttpError, MESSAGES } from '../http/errors.ts';
import { serverFeed } from '../sync/server-feed.ts';
import { catalogueVersion } from './catalogue-repository.ts';
import { changesSince } from './catalogue-writes.ts';
import { toEnhancedProduct } from './enhanced-inventory.ts';

/** The catalogue's part of the pull: what changed since the device's catalogue version. */
export const catalogueServerFeed = serverFeed(
  catalogueFeed,
  async ({ db, caller, reads }, since): Promise<CatalogueChanges> => {
    const { businessId } = caller;
    const current = await reads.read(`catalogue-version:${businessId}`, () =>
      catalogueVersion(db, businessId),
    );
    if (current === undefined) throw new HttpError(404, MESSAGES.notFound);
    // A device holding nothing downloads the catalogue whole (GET /inventory/enhanced), unless
    // there is none yet.
    if (since === 0 && current > 0) return { version: current, full: true };
    const feed = await changesSince(db, businessId, since, current);
    if (feed.full) return { version: feed.version, full: true };
    return {
      version: feed.version,
      full: false,
      products: feed.rows.map(({ row, after }) => ({
        ...toEnhancedProduct(row),
        ...(after === undefined ? {} : { after }),
      })),
      deleted: feed.deleted,
    };
  },
);

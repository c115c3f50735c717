import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useCatalogueWrites } from '#data/hooks/use-catalogue-writes.ts';
import { useLocalCatalogue } from '#data/hooks/use-local-catalogue.ts';
import { useCan } from '#data/hooks/use-permissions.ts';
import { refreshCatalogue } from '#data/repositories/catalogue.ts';
import { useOnline } from '#data/sync/use-sync-status.ts';
import {
  type CatalogueReadiness,
  ScanProductDialog,
} from '#features/inventory/scanning/scan-product-dialog.tsx';

/**
 * Scan Product from the Quick Actions, on any screen: looks codes up in the catalogue held on
 * this device (fetched first if it never was), and opens what was found on the inventory screen.
 */
export function ScanProduct({ onClose }: { onClose: () => void }) {
  const catalogue = useLocalCatalogue();
  const writes = useCatalogueWrites();
  const online = useOnline();
  const canEditCatalogue = useCan('catalogue.edit');
  const navigate = useNavigate();
  const [refreshFailed, setRefreshFailed] = useState(false);

  useEffect(() => {
    if (!online) return;
    setRefreshFailed(false);
    refreshCatalogue().catch(() => setRefreshFailed(true));
  }, [online]);

  let readiness: CatalogueReadiness = 'loading';
  if (catalogue.held) readiness = 'held';
  else if (catalogue.loaded && (!online || refreshFailed)) readiness = 'absent';

  return (
    <ScanProductDialog
      catalogue={catalogue.items}
      readiness={readiness}
      canEditCatalogue={canEditCatalogue}
      onAttach={(item, code) => writes.edit(item, { barcode: code })}
      onOpen={(item, action) => {
        onClose();
        void navigate({ to: '/inventory', search: { product: item.id, open: action } });
      }}
      onAdd={(code) => {
        onClose();
        void navigate({ to: '/inventory', search: { tab: 'add', barcode: code } });
      }}
      onClose={onClose}
    />
  );
}

/**
 * The inventory's views and dialogs the app loads when first opened (React.lazy). A test that
 * opens one loads them first: compiling a module on first import can take longer under a busy
 * machine than a test waits for what it opened, and when it loads is not what these tests check.
 */
export function loadInventoryChunks() {
  return Promise.all([
    import('#features/inventory/components/export-dialog.tsx'),
    import('#features/inventory/components/print-labels-dialog.tsx'),
    import('#features/inventory/components/product-detail-dialog.tsx'),
    import('#features/inventory/components/product-history-dialog.tsx'),
    import('#features/inventory/components/import/import-panel.tsx'),
    import('#features/inventory/components/product-form.tsx'),
    import('#features/inventory/components/stocktakes/stocktakes-view.tsx'),
    import('#features/settings/components/settings-panel.tsx'),
    import('#features/custom-fields/components/custom-fields-manager.tsx'),
  ]);
}

/**
 * The signed-in shell, the device's sync it waits for, the dashboard a signed-in app opens on
 * and Scan Product (React.lazy), as above.
 */
export function loadSignedInChunks() {
  return Promise.all([
    import('#routes/signed-in-layout.tsx'),
    import('#app/device-sync.tsx'),
    import('#app/layout/scan-product.tsx'),
    import('#features/dashboard/components/dashboard-page.tsx'),
  ]);
}

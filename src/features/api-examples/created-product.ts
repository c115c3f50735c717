import { useCallback, useState } from 'react';

/**
 * The id of the product the API Examples page created, which its PUT and DELETE act on. Kept in
 * session storage so it survives a visit to Inventory and a reload of the tab, and no longer.
 */
const STORAGE_KEY = 'vintry.apiExamples.productId';

function readStored(): number | null {
  try {
    const id = Number(sessionStorage.getItem(STORAGE_KEY));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

function writeStored(id: number | null) {
  try {
    if (id === null) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, String(id));
  } catch {
    // Storage refused (private mode quota): the id is still held for this visit.
  }
}

export function useCreatedProduct() {
  const [productId, setProductId] = useState(readStored);
  const change = useCallback((id: number | null) => {
    writeStored(id);
    setProductId(id);
  }, []);
  return [productId, change] as const;
}

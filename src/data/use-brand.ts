import { useEffect, useSyncExternalStore } from 'react'
import type { Brand } from '../../schema/brand'
import { getBrand, loadBrand, subscribeBrand } from './brand'

/** The product's brand, current for every visitor; the first use fetches it from the server. */
export function useBrand(): Brand {
  useEffect(() => {
    void loadBrand()
  }, [])
  return useSyncExternalStore(subscribeBrand, getBrand, getBrand)
}

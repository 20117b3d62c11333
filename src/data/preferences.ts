import { patchProfile } from './writes'

/**
 * Remembers whether the balance is hidden (the home screen's eye toggle) in the profile document,
 * so it holds on every device; a local write that syncs like any other.
 */
export function setHideBalance(hide: boolean): Promise<void> {
  return patchProfile({ hideBalance: hide })
}

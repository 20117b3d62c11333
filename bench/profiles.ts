/** A device a figure is measured on: the desktop, or a cheap phone (4× slower CPU, touch, 390 px). */
export interface DeviceProfile {
  name: 'desktop' | 'phone'
  cpuRate: number
  context: {
    viewport: { width: number; height: number }
    deviceScaleFactor: number
    isMobile: boolean
    hasTouch: boolean
  }
}

export const DESKTOP: DeviceProfile = {
  name: 'desktop',
  cpuRate: 1,
  context: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
}
export const PHONE: DeviceProfile = {
  name: 'phone',
  cpuRate: 4,
  context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
}

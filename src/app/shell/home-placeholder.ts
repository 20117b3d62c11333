import { lazyScreen } from '../lazy-screen'

/**
 * The page area's stand-in until the data layer has loaded: on /home the last home screen the user
 * saw (issue #15). Its chunk has no data layer (rxdb), so it paints long before the database opens.
 */
export const HomePlaceholder = lazyScreen<{ label?: string }>(() => import('../../features/home/home-snapshot'))

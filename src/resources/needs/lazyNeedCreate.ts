import { lazyNamed } from '../../custom/lazyNamed';

/**
 * The list's create form (its organisation picker and domain selects), loaded after the list to keep the list's first load within its
 * budget, and fetched when the console is idle with the other screens (the resource declares it).
 */
export const LazyNeedCreate = lazyNamed(() => import('./NeedCreate'), 'NeedCreate');

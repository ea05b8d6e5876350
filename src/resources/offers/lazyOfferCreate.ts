import { lazyNamed } from '../../custom/lazyNamed';

/**
 * The list's create form (its image upload and organisation picker), loaded after the list to keep the list's first load within its
 * budget, and fetched when the console is idle with the other screens (the resource declares it).
 */
export const LazyOfferCreate = lazyNamed(() => import('./OfferCreate'), 'OfferCreate');

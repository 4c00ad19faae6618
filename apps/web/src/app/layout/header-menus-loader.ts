import { deferredModule } from '@/lib/deferred-module';

/** The headers' menus (./header-menus), loaded after the first screen or at the first click. */
export const headerMenus = deferredModule(() => import('./header-menus'));

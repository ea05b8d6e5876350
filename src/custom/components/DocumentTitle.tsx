import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../../shared/catalogue/product';

/** Where react-admin's <Title> puts each screen's title (the app bar's TitlePortal). */
const PAGE_TITLE_ID = 'react-admin-title';

/** The browser tab's title for a screen titled `pageTitle`: 'Atelier Lumière · Companies — Admin Platform'. */
export const documentTitle = (pageTitle: string): string => (pageTitle ? `${pageTitle} — ${PRODUCT_NAME}` : PRODUCT_NAME);

/** The browser tab follows the app bar's title, which every screen sets with <Title>; render it once, after the app bar. */
export const DocumentTitle = () => {
  useEffect(() => {
    const container = document.getElementById(PAGE_TITLE_ID);
    const follow = () => {
      const next = documentTitle(container?.textContent?.replace(/\s+/g, ' ').trim() ?? '');
      if (document.title !== next) document.title = next;
    };
    follow();
    if (!container) return;
    const observer = new MutationObserver(follow);
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = PRODUCT_NAME;
    };
  }, []);
  return null;
};

import { wireSession } from './boot';
import { startFirstPage } from './first-page';

// Imported by main.tsx before the rest of the app: the start-up's requests leave as soon as the code
// that makes them has run, and travel while Mantine, the router and the layout evaluate and the
// splash renders.
wireSession();
startFirstPage(window.location.href);

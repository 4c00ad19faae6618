import { wireSession } from './boot';
import { startFirstPage } from './first-page';

// Imported by main.tsx before the rest of the app (issue 16): the start-up's requests leave as soon
// as the code that makes them has run, and travel while Mantine, the router and the layout evaluate
// and the splash renders (about 150 ms of a slow phone's first load).
wireSession();
startFirstPage(window.location.href);

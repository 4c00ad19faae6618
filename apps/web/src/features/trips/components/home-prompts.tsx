import { TIMING } from '@carpool/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { IosNotificationsWarning } from '@/components/ios-notifications-warning';
import { appTitle, useAppConfig } from '@/lib/app-config';
import { askForNotifications } from '@/lib/devices';
import { browserFacts, shouldOfferInstall, shouldWarnIosNotifications } from '@/lib/platform';
import { notificationPermission } from '@/lib/service-worker';
import { session, useSession } from '@/lib/session';

// The modal's code loads only on the browsers that may show it (iOS Safari).
const InstallAppModal = lazy(() => import('@/components/install-app-modal').then((module) => ({ default: module.InstallAppModal })));

/** 'Entendido' closes the modal until the next visit (page load), not only until the next trips page. */
let installModalSeen = false;

/**
 * The trips home's install-app modal (iOS Safari outside the installed app, after 2 s) and the iOS
 * notification warning (in the installed app), spec document 1 §2 and §4, document 2 §9.
 */
export function HomePrompts() {
  const config = useAppConfig();
  const appName = appTitle(config);
  const { firstTime } = useSession();
  const [facts] = useState(browserFacts);
  const [permission, setPermission] = useState(notificationPermission);
  const offerInstall = !installModalSeen && shouldOfferInstall(facts, Boolean(firstTime?.installModalHidden));
  const [installOpened, setInstallOpened] = useState(false);

  useEffect(() => {
    if (!offerInstall) return;
    const timer = setTimeout(() => setInstallOpened(true), TIMING.iosInstallModalDelayMs);
    return () => clearTimeout(timer);
  }, [offerInstall]);

  const closeInstall = () => {
    installModalSeen = true;
    setInstallOpened(false);
  };
  const neverInstall = () => {
    session.markFirstTime({ installModalHidden: true });
    closeInstall();
  };

  const warn = shouldWarnIosNotifications(facts, permission, Boolean(firstTime?.iosNotificationsWarningHidden));

  return (
    <>
      {warn && (
        <IosNotificationsWarning
          appName={appName}
          denied={permission === 'denied'}
          onEnable={() => void askForNotifications().then(setPermission)}
          onClose={() => session.markFirstTime({ iosNotificationsWarningHidden: true })}
        />
      )}
      {offerInstall && (
        <Suspense fallback={null}>
          <InstallAppModal opened={installOpened} appName={appName} onClose={closeInstall} onNeverAgain={neverInstall} />
        </Suspense>
      )}
    </>
  );
}
